"""The browser tests' fixtures (web/tests/test_*.py): one HTTP server and one Chromium
for the whole run (Playwright drives one browser per thread, so they live here, once),
and `app`, which opens pages of the app and closes them after each test."""

import os
import shutil
import tempfile

import pytest

from pagekit import ARGS, CHROMIUM, Page, _page_dir, playwright_api, serve


@pytest.fixture(scope="session")
def server():
    tmp = tempfile.mkdtemp(prefix="khun-web-")
    httpd, url = serve(_page_dir(tmp))
    yield url
    httpd.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install -y chromium)")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def app(browser, server):
    pages = []

    def make(**kw):
        p = Page(browser, server, **kw)
        pages.append(p)
        return p

    yield make
    for p in pages:
        p.close()
