#!/usr/bin/env python3
"""Drives the remote page in a headless Chromium the size of a phone, as a person would: opens it (the token in the
address's fragment), waits for the photo's caption, taps Next, Pause, Wall and the display's switch, optionally types a setting and saves it and
reloads with a wrong token to paste the right one, and measures the layout at narrow widths. Prints one JSON line of what it saw; exits 0 when every step could be done,
1 when one could not (the line then has "error"). Judging what it saw is the caller's.

With --facts it only reads: the photo's caption and details, the settings form's source, and then, the token
forgotten and the page opened without it, whether each control is disabled, the note on the token, and whether a
tap on Next sent anything (a disabled button sends nothing).

With --words it reads the page's words in the browser's language (--lang, Chromium's Accept-Language): the root's
lang and dir, the buttons' and headings' words, the words the script wrote, where the header's name and status
stand, and the Pause button's words after a tap.

    remote_page_check.py URL [--setting NAME=VALUE] [--bad-token WRONG] [--timeout SECONDS] [--lang LL]
                             [--only-next | --facts | --words]

Chromium and its driver: $TESSERA_CHROMIUM (default /usr/bin/chromium), $TESSERA_CHROMEDRIVER (/usr/bin/chromedriver).
"""
import argparse
import json
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PHONE = {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/156.0.0.0 Mobile Safari/537.36")

# The layout as measured in the page: horizontal overflow, and the smallest control a finger must hit.
MEASURE = """
const root = document.documentElement;
const controls = Array.from(document.querySelectorAll('button, select, input'))
  .filter((e) => e.offsetParent !== null)
  .map((e) => ({id: e.id || e.name || e.tagName, height: e.getBoundingClientRect().height,
                width: e.getBoundingClientRect().width}));
const smallest = controls.reduce((a, b) => (b.height < a.height ? b : a), {id: null, height: Infinity});
const widest = Array.from(document.querySelectorAll('body *'))
  .reduce((w, e) => Math.max(w, e.getBoundingClientRect().right), 0);
return {width: window.innerWidth, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
        rightmost: Math.ceil(widest), smallestControl: smallest.id, smallestHeight: smallest.height,
        controls: controls.length};
"""


def driver(lang=None):
    options = webdriver.ChromeOptions()
    if lang:
        # The browser's language, which it sends as Accept-Language.
        options.add_argument(f"--lang={lang}")
        options.add_argument(f"--accept-lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.binary_location = os.environ.get("TESSERA_CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
                 "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE, "userAgent": PHONE_AGENT})
    service = Service(executable_path=os.environ.get("TESSERA_CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def tap(browser, element):
    """A finger's tap on the element's middle (touch pointer events, then the click the browser makes of them)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    actions = ActionBuilder(browser, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down().pointer_up()
    actions.perform()


def text_of(browser, element_id):
    return browser.execute_script(f"const e = document.getElementById('{element_id}'); return e ? e.textContent : null")


def run_steps(steps, arguments=None, timeout=40):
    """The frame every page check shares: reads the command line (a page's URL, unless `arguments(parser)` adds its
    own, and --timeout), opens the phone (in --lang where the check has it), and calls `steps(browser, wait, args,
    seen)`, which notes each step's name in seen["step"] and what it saw in `seen`. Then, whatever happened, the
    browser quits, one JSON line of `seen` is printed (with "error" when a step could not be done: how far it came)
    and the process exits 0, or 1 on an error."""
    parser = argparse.ArgumentParser()
    if arguments is None:
        parser.add_argument("url")
    else:
        arguments(parser)
    parser.add_argument("--timeout", type=float, default=timeout)
    args = parser.parse_args()
    seen = {"step": "open"}
    browser = None
    try:
        browser = driver(getattr(args, "lang", None))
        steps(browser, WebDriverWait(browser, args.timeout, poll_frequency=0.1), args, seen)
    except Exception as error:  # any step that could not be done: said, with what was seen until then
        seen["error"] = f"{type(error).__name__}: {error}".strip()
    finally:
        if browser is not None:
            browser.quit()
    print(json.dumps(seen), flush=True)
    sys.exit(0 if "error" not in seen else 1)


# The controls a person could use to steer the frame: each must be disabled while there is no token.
CONTROLS = ["btn-previous", "btn-pause", "btn-next", "mode-wall", "mode-slideshow", "display-toggle", "source-select",
            "source-album", "source-apply", "interval-field", "interval-apply", "settings-save"]


def facts(browser, wait, url):
    """What the page says of the photo and the source with the token, then what it offers without one."""
    seen = {}
    seen["step"] = "facts: open"
    browser.get(url)
    wait.until(lambda b: (text_of(b, "now-caption") or "").strip())
    seen["caption"] = text_of(browser, "now-caption")
    seen["details"] = text_of(browser, "now-details")
    seen["step"] = "facts: settings"
    wait.until(lambda b: b.find_elements(By.ID, "setting-source"))
    seen["settingSource"] = browser.execute_script("return document.getElementById('setting-source').value")
    seen["controlsWithToken"] = browser.execute_script(
        "return arguments[0].filter((id) => document.getElementById(id).disabled)", CONTROLS)

    seen["step"] = "facts: no token"
    browser.execute_script("localStorage.clear()")
    browser.get(url.split("#")[0])
    wait.until(lambda b: b.find_element(By.ID, "token-panel").is_displayed())
    seen["disabled"] = browser.execute_script(
        "const out = {}; for (const id of arguments[0]) out[id] = document.getElementById(id).disabled; return out",
        CONTROLS)
    note = browser.find_element(By.ID, "locked-note")
    seen["noteShown"] = note.is_displayed()
    seen["note"] = note.text
    seen["bodyLocked"] = browser.execute_script("return document.body.classList.contains('locked')")
    seen["nextOpacity"] = browser.execute_script(
        "return Number(getComputedStyle(document.getElementById('controls')).opacity)")
    # A finger on Next: nothing may go out (the caller reads the server's log or the frame).
    tap(browser, browser.find_element(By.ID, "btn-next"))
    seen["step"] = "done"
    return seen


WORD_IDS = ["status", "frame-name", "now-title", "now-details", "now-source", "btn-previous", "btn-pause", "btn-next",
            "mode-wall", "mode-slideshow", "display-label", "display-toggle", "source-title", "source-apply",
            "timing-title", "schedule-text", "interval-apply", "settings-title", "settings-save"]


def words(browser, wait, url):
    """The page's words in the browser's language, and where the header's two ends stand."""
    seen = {"step": "words: open"}
    browser.get(url)
    wait.until(lambda b: (text_of(b, "now-caption") or "").strip())
    seen["lang"] = browser.execute_script("return document.documentElement.lang")
    seen["dir"] = browser.execute_script("return document.documentElement.dir")
    seen["languages"] = browser.execute_script("return navigator.languages")
    seen["title"] = browser.title
    seen["step"] = "words: settings"
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#settings-form .when"))
    seen["words"] = {i: text_of(browser, i) for i in WORD_IDS}
    seen["when"] = browser.execute_script(
        "return Array.from(document.querySelectorAll('#settings-form .when')).map(e => e.textContent)")
    seen["labels"] = browser.execute_script(
        "return Array.from(document.querySelectorAll('#settings-form label')).map(e => e.firstChild.textContent)")
    seen["header"] = browser.execute_script(
        "const n = document.getElementById('frame-name').getBoundingClientRect();"
        "const s = document.getElementById('status').getBoundingClientRect();"
        "return {nameLeft: n.left, nameRight: n.right, statusLeft: s.left, statusRight: s.right,"
        " width: document.documentElement.clientWidth}")
    seen["step"] = "words: pause"
    before = text_of(browser, "btn-pause")
    tap(browser, browser.find_element(By.ID, "btn-pause"))
    wait.until(lambda b: text_of(b, "btn-pause") != before)
    seen["pauseAfterTap"] = text_of(browser, "btn-pause")
    seen["step"] = "done"
    return seen


def at_width(browser, width):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 800, "deviceScaleFactor": 3, "mobile": True})
    # Two animation frames: the layout at the new width has been made.
    browser.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))")
    return browser.execute_script(MEASURE)


def arguments(parser):
    parser.add_argument("url")
    parser.add_argument("--setting", help="NAME=VALUE typed into the settings form and saved")
    parser.add_argument("--bad-token", help="then: keep this wrong token, reload, and paste the right one back")
    parser.add_argument("--overlay", help="then: switch this overlay off with its toggle and read the toggle after")
    parser.add_argument("--lang", help="the browser's language (its Accept-Language), e.g. fr or ar")
    parser.add_argument("--words", action="store_true", help="read the page's words and direction in --lang")
    parser.add_argument("--only-next", action="store_true",
                        help="tap Next alone and wait for the next photo's thumbnail (a real frame, whose captions may be alike)")
    parser.add_argument("--facts", action="store_true",
                        help="read the photo's words and the form's source, then the controls without a token")


def steps(browser, wait, args, seen):
    if args.words:
        return seen.update(words(browser, wait, args.url))
    if args.facts:
        return seen.update(facts(browser, wait, args.url))
    seen["step"] = "open"
    browser.get(args.url)
    wait.until(lambda b: (text_of(b, "now-caption") or "").strip())
    seen["caption"] = text_of(browser, "now-caption")
    seen["status"] = text_of(browser, "status")
    seen["statusIsProblem"] = browser.execute_script(
        "return document.getElementById('status').classList.contains('bad')")
    seen["addressAfterOpen"] = browser.current_url
    seen["tokenKept"] = browser.execute_script("return localStorage.getItem('tessera-remote-token')")

    seen["step"] = "thumbnail"
    wait.until(lambda b: b.execute_script(
        "const i = document.getElementById('now-photo'); return !i.hidden && i.complete && i.naturalWidth > 0"))
    seen["thumbnail"] = browser.execute_script(
        "const i = document.getElementById('now-photo');"
        "return {src: i.src.slice(0, 5), width: i.naturalWidth, height: i.naturalHeight}")
    seen["layout"] = browser.execute_script(MEASURE)

    seen["step"] = "next"
    if args.only_next:
        shown = browser.find_element(By.ID, "now-photo").get_attribute("src")
        tap(browser, browser.find_element(By.ID, "btn-next"))
        wait.until(lambda b: b.find_element(By.ID, "now-photo").get_attribute("src") != shown)
        seen["next"] = True
        seen["step"] = "done"
        return
    tap(browser, browser.find_element(By.ID, "btn-next"))
    before = seen["caption"]
    wait.until(lambda b: text_of(b, "now-caption") != before)
    seen["captionAfterNext"] = text_of(browser, "now-caption")

    seen["step"] = "pause, wall, display"
    tap(browser, browser.find_element(By.ID, "btn-pause"))
    wait.until(lambda b: text_of(b, "btn-pause") == "Play")
    tap(browser, browser.find_element(By.ID, "mode-wall"))
    wait.until(lambda b: b.find_element(By.ID, "mode-wall").get_attribute("aria-pressed") == "true")
    tap(browser, browser.find_element(By.ID, "display-toggle"))
    wait.until(lambda b: text_of(b, "display-toggle") == "Off")
    seen["pauseLabel"] = text_of(browser, "btn-pause")
    seen["slideshowPressed"] = browser.find_element(By.ID, "mode-slideshow").get_attribute("aria-pressed")
    seen["displayChecked"] = browser.find_element(By.ID, "display-toggle").get_attribute("aria-checked")

    if args.overlay:
        seen["step"] = "overlay"
        toggle_id = "overlay-toggle-" + args.overlay
        toggle = wait.until(lambda b: b.find_elements(By.ID, toggle_id))[0]
        seen["overlayCheckedBefore"] = toggle.get_attribute("aria-checked")
        seen["overlayWordsBefore"] = text_of(browser, "overlay-words-" + args.overlay)
        tap(browser, toggle)
        wait.until(lambda b: b.find_element(By.ID, toggle_id).get_attribute("aria-checked") == "false")
        seen["overlayLabel"] = text_of(browser, toggle_id)
        seen["overlayWordsAfter"] = text_of(browser, "overlay-words-" + args.overlay)
        seen["overlayToggles"] = browser.execute_script(
            "return Array.from(document.querySelectorAll('.overlay-toggle')).map(e => e.id)")

    if args.setting:
        seen["step"] = "setting"
        name, _, value = args.setting.partition("=")
        field = wait.until(lambda b: b.find_elements(By.ID, "setting-" + name))[0]
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys(value)
        tap(browser, browser.find_element(By.ID, "settings-save"))
        wait.until(lambda b: (text_of(b, "settings-message") or "").strip())
        seen["settingError"] = text_of(browser, "error-" + name)
        seen["settingsMessage"] = text_of(browser, "settings-message")
        seen["settingInvalid"] = field.get_attribute("aria-invalid")

    if args.bad_token:
        seen["step"] = "bad token"
        right = browser.execute_script("return localStorage.getItem('tessera-remote-token')")
        browser.execute_script("localStorage.setItem('tessera-remote-token', arguments[0])", args.bad_token)
        browser.get(args.url.split("#")[0])
        wait.until(lambda b: b.find_element(By.ID, "token-panel").is_displayed())
        seen["statusWithBadToken"] = text_of(browser, "status")
        field = browser.find_element(By.ID, "token-field")
        field.send_keys(right)
        tap(browser, browser.find_element(By.ID, "token-save"))
        wait.until(lambda b: not b.find_element(By.ID, "token-panel").is_displayed()
                   and (text_of(b, "now-caption") or "").strip())
        seen["captionAfterPaste"] = text_of(browser, "now-caption")

    seen["step"] = "narrow"
    seen["narrow"] = {str(width): at_width(browser, width) for width in (360, 320)}
    seen["step"] = "done"


if __name__ == "__main__":
    run_steps(steps, arguments, timeout=20)
