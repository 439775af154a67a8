#!/usr/bin/env python3
"""Opens a frame's remote page in headless Chromium (remote_page_check's phone), waits for the frame's state, and
uses its screen part (RemotePageIdentify): taps Identify and reads what the page says, then taps Take screenshot and
waits for the picture shown in the page (a blob: URL fetched with the token); prints one JSON line (the buttons'
labels, the words after Identify, the picture's source scheme and natural size). Exits 1 (with "error" in the line)
when a step never came.

    screen_part_check.py URL [--timeout SECONDS]
"""
from remote_page_check import run_steps, tap, text_of


def steps(browser, wait, args, seen):
    browser.get(args.url)
    seen["step"] = "waiting for the frame's state"
    wait.until(lambda b: not b.execute_script("return document.body.classList.contains('locked')"))
    seen["title"] = text_of(browser, "screen-title")
    seen["identifyLabel"] = text_of(browser, "identify-button")
    seen["screenshotLabel"] = text_of(browser, "screenshot-button")
    seen["shotBefore"] = not browser.execute_script("return document.getElementById('screen-shot').hidden")
    seen["step"] = "identify"
    tap(browser, browser.find_element("id", "identify-button"))
    wait.until(lambda b: text_of(b, "screen-status") != "")
    seen["afterIdentify"] = text_of(browser, "screen-status")
    seen["step"] = "taking a screenshot"
    tap(browser, browser.find_element("id", "screenshot-button"))
    wait.until(lambda b: b.execute_script(
        "const i = document.getElementById('screen-shot'); return !i.hidden && i.complete && i.naturalWidth > 0"))
    seen["shot"] = browser.execute_script(
        "const i = document.getElementById('screen-shot');"
        "return {scheme: i.src.split(':')[0], width: i.naturalWidth, height: i.naturalHeight}")
    seen["step"] = "done"


if __name__ == "__main__":
    run_steps(steps)
