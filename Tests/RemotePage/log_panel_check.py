#!/usr/bin/env python3
"""Opens a frame's remote page in headless Chromium (remote_page_check's phone), waits for the frame's state, and
reads its log panel (RemotePageLog): folded and empty at first, its lines once opened with a tap on its title, and
again after its refresh button; prints one JSON line (whether it was open and how many lines it held before, then
each line's words, time and whether it is marked a warning, with the warning's label). Exits 1 (with "error" in
the line) when a step never came.

    log_panel_check.py URL [--timeout SECONDS]
"""
from remote_page_check import run_steps, tap, text_of

LINES = """
return Array.from(document.querySelectorAll('#log-lines li')).map((li) => ({
  text: li.querySelector('.log-text').textContent,
  time: li.querySelector('time').getAttribute('datetime'),
  warning: li.classList.contains('log-warning'),
  level: li.querySelector('.log-level') ? li.querySelector('.log-level').textContent : null,
  colour: getComputedStyle(li).color,
}));
"""


def steps(browser, wait, args, seen):
    browser.get(args.url)
    seen["step"] = "waiting for the frame's state"
    wait.until(lambda b: not b.execute_script("return document.body.classList.contains('locked')"))
    seen["openBefore"] = browser.execute_script("return document.getElementById('log-details').open")
    seen["linesBefore"] = browser.execute_script("return document.querySelectorAll('#log-lines li').length")
    seen["title"] = text_of(browser, "log-title")
    seen["step"] = "opening the panel"
    tap(browser, browser.find_element("css selector", "#log-details > summary"))
    wait.until(lambda b: b.execute_script("return document.querySelectorAll('#log-lines li').length > 0"))
    seen["open"] = browser.execute_script("return document.getElementById('log-details').open")
    seen["lines"] = browser.execute_script(LINES)
    seen["message"] = text_of(browser, "log-message")
    seen["step"] = "refreshing"
    count = len(seen["lines"])
    browser.execute_script("document.getElementById('log-lines').replaceChildren()")
    tap(browser, browser.find_element("id", "log-refresh"))
    wait.until(lambda b: b.execute_script("return document.querySelectorAll('#log-lines li').length") >= count)
    seen["linesAfterRefresh"] = browser.execute_script(LINES)
    seen["refreshLabel"] = text_of(browser, "log-refresh")
    seen["step"] = "done"


if __name__ == "__main__":
    run_steps(steps)
