#!/usr/bin/env python3
"""The settings file on the remote page, as an owner with two frames uses it, in headless Chromium the size of a
phone (remote_page_check's): on the first frame's page, taps Export settings and reads the file it downloads
(into --folder/downloads: its name and its text); on the second frame's page, picks
--bad (a file with a refused value) with Import settings…, reads the problems said by setting, then picks the
exported file and reads what the page says and the settings form afterwards. Prints one JSON line of what it saw;
exits 1 (with "error" in the line) when a step could not be done. Judging it is the caller's.

    settings_file_check.py FROM_URL TO_URL --folder DIR --bad FILE [--timeout SECONDS]
"""
import os

from remote_page_check import run_steps, tap, text_of


PROBLEMS = """
return Array.from(document.querySelectorAll('#settings-file-problems li'))
  .map((li) => ({setting: li.dataset.setting, text: li.textContent}));
"""


def form_loaded(browser):
    return browser.execute_script("return document.querySelectorAll('#settings-form input, #settings-form select').length > 0")


def pick(browser, path):
    """A file chosen in the picker Import settings… opens (the hidden input it clicks)."""
    field = browser.find_element("id", "settings-import-file")
    field.send_keys(path)


def arguments(parser):
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--folder", required=True)
    parser.add_argument("--bad", required=True)


def steps(browser, wait, args, seen):
    # Downloads land in the folder given, as a phone's would in its Downloads.
    downloads = os.path.join(args.folder, "downloads")
    os.makedirs(downloads, exist_ok=True)
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    seen["step"] = "open the first frame's page"
    browser.get(args.source)
    wait.until(form_loaded)
    seen["exportLabel"] = text_of(browser, "settings-export")
    seen["importLabel"] = text_of(browser, "settings-import")
    seen["step"] = "export"
    tap(browser, browser.find_element("id", "settings-export"))
    wait.until(lambda b: b.execute_script("return !document.getElementById('settings-export-link').hidden"))
    seen["downloadName"] = browser.execute_script("return document.getElementById('settings-export-link').download")
    seen["exportMessage"] = text_of(browser, "settings-file-message")
    seen["step"] = "the download"
    exported = os.path.join(downloads, seen["downloadName"] or "?")
    wait.until(lambda b: os.path.exists(exported) and os.path.getsize(exported) > 0)
    with open(exported, encoding="utf-8") as downloaded:
        seen["exported"] = downloaded.read()
    seen["downloads"] = sorted(os.listdir(downloads))

    seen["step"] = "open the second frame's page"
    browser.get("about:blank")
    browser.get(args.target)
    wait.until(form_loaded)
    seen["intervalBefore"] = browser.execute_script("return document.getElementById('setting-interval').value")
    seen["step"] = "import a file with a refused value"
    pick(browser, args.bad)
    wait.until(lambda b: b.execute_script("return document.querySelectorAll('#settings-file-problems li').length > 0"))
    seen["badMessage"] = text_of(browser, "settings-file-message")
    seen["badMessageClass"] = browser.execute_script("return document.getElementById('settings-file-message').className")
    seen["problems"] = browser.execute_script(PROBLEMS)

    seen["step"] = "import the exported file"
    pick(browser, exported)
    wait.until(lambda b: b.execute_script("return document.getElementById('settings-file-message').className") == "good")
    seen["importMessage"] = text_of(browser, "settings-file-message")
    seen["problemsAfter"] = browser.execute_script(PROBLEMS)
    seen["step"] = "the form reloaded"
    wait.until(lambda b: b.execute_script("return document.getElementById('setting-interval') && "
                                          "document.getElementById('setting-interval').value") != seen["intervalBefore"])
    seen["form"] = browser.execute_script(
        "return Object.fromEntries(Array.from(document.querySelectorAll('#settings-form input, #settings-form select'))"
        ".map((e) => [e.name, e.type === 'checkbox' ? (e.checked ? 'yes' : 'no') : e.value]))")
    seen["step"] = "done"


if __name__ == "__main__":
    run_steps(steps, arguments)
