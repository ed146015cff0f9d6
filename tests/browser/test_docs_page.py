"""/docs: the API reference renders offline, from this service's own document."""

from urllib.parse import urlsplit

from wordsvc.api.meta import document


def test_the_reference_renders_every_operation_from_local_assets(browser, live_url):
    page = browser.new_page()
    hosts, errors = set(), []
    page.on("request", lambda request: hosts.add(urlsplit(request.url).netloc))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_url}/docs")
    page.wait_for_selector(".opblock-summary", timeout=15_000)
    shown = page.locator(".opblock-summary").count()
    documented = sum(len(item) for item in document()["paths"].values())
    assert shown == documented
    assert page.locator(".errors-wrapper").count() == 0, "the document has errors"
    assert "wordsvc" in page.locator(".title").first.inner_text()
    assert hosts == {urlsplit(live_url).netloc}, "every asset comes from the service"
    assert errors == []
    page.close()
