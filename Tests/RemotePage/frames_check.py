#!/usr/bin/env python3
"""Opens a frame's remote page in headless Chromium (remote_page_check's phone) and waits for its list of the other
frames (RemotePageFrames) to show the frame with id --expect; prints one JSON line: the list's entries (id, the
name shown, the link's address and target) and whether the panel is shown. Exits 1 (with "error" in the line)
when the entry never came.

    frames_check.py URL --expect ID [--timeout SECONDS]
"""
from selenium.webdriver.support.ui import WebDriverWait

from remote_page_check import run_steps

ENTRIES = """
return Array.from(document.querySelectorAll('#frames-list li')).map((li) => {
  const name = li.firstElementChild;
  return {id: name.id.replace(/^frame-link-/, ''), name: name.textContent, tag: name.tagName.toLowerCase(),
          href: name.getAttribute('href'), target: name.getAttribute('target'), rel: name.getAttribute('rel'),
          where: li.querySelector('.frame-where').textContent};
});
"""


def arguments(parser):
    parser.add_argument("url")
    parser.add_argument("--expect", required=True)


def steps(browser, wait, args, seen):
    browser.get(args.url)
    seen["step"] = "waiting for the frame in the list"
    WebDriverWait(browser, args.timeout, poll_frequency=0.2).until(
        lambda b: b.execute_script("return !!document.getElementById('frame-link-' + arguments[0])", args.expect))
    seen["entries"] = browser.execute_script(ENTRIES)
    seen["panelShown"] = browser.find_element("id", "frames-panel").is_displayed()
    seen["title"] = browser.find_element("id", "frames-title").text
    seen["step"] = "done"


if __name__ == "__main__":
    run_steps(steps, arguments)
