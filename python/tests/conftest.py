"""Shared settings of the package's tests.

pyffish (``pip install pyffish``) is the referee of ``test_against_pyffish.py``; its
tests are skipped where it is not installed. ``KHUN_PYFFISH_SCALE`` (default 1)
multiplies the number of random games those tests play: each pyffish call takes
about 6 ms, so scale 1 takes about a minute and scale 10 ten.
"""

import os

import pytest

SCALE = max(1, int(os.environ.get("KHUN_PYFFISH_SCALE", "1")))


@pytest.fixture(scope="session")
def sf():
    """pyffish, or the test is skipped."""
    return pytest.importorskip("pyffish")
