"""The source package (``maturin sdist`` from python/): it carries what building the
module needs, the crate's sources and the network they embed, and not the rest of the
repository. Building from it (``pip install khun-*.tar.gz``, minutes) is checked by
hand (python/README.md, "A source package"); this lists it, in about a second.

Skipped where maturin or the repository is not at hand.
"""

import pathlib
import re
import shutil
import subprocess
import sys
import tarfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def maturin():
    beside = pathlib.Path(sys.executable).parent / "maturin"
    found = str(beside) if beside.exists() else shutil.which("maturin")
    if found is None or not (ROOT / "Cargo.toml").exists():
        pytest.skip("maturin or the repository is not here")
    return found


def test_the_source_package_carries_what_the_build_needs(tmp_path):
    subprocess.run(
        [maturin(), "sdist", "--out", str(tmp_path)],
        cwd=ROOT / "python",
        check=True,
        capture_output=True,
    )
    (archive,) = tmp_path.glob("khun-*.tar.gz")
    with tarfile.open(archive) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
        top = archive.name[: -len(".tar.gz")]
        readme = tar.extractfile(f"{top}/README.md").read().decode()
        manifest = tar.extractfile(f"{top}/Cargo.toml").read().decode()
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        ".cargo/config.toml",
        "LICENSE",
        "pyproject.toml",
        "README.md",
        "khun/__init__.py",
        "khun/_khun.pyi",
        "khun/py.typed",
    ]:
        assert needed in names, needed
    sources = sorted(ROOT.glob("src/**/*.rs"))
    assert sources
    for source in sources:
        relative = source.relative_to(ROOT).as_posix()
        assert relative in names, relative
        # What the sources embed (the network) travels with them.
        for embedded in re.findall(r'include_bytes!\("([^"]+)"\)', source.read_text()):
            path = (source.parent / embedded).resolve().relative_to(ROOT).as_posix()
            assert path in names, f"{relative} embeds {path}"
    assert "nets/default.nnue" in names
    # The package's own README, not the repository's; none of the rest.
    assert readme.startswith("# khun (Python)")
    assert not [n for n in names if n.split("/")[0] in ("web", "engine-tests", "lab", "docs", "fuzz")]
    # Targets whose files stay behind are not declared.
    assert "[[test]]" not in manifest and "[[bench]]" not in manifest
