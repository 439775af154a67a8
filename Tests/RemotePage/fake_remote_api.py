#!/usr/bin/env python3
"""A stand-in for the frame's remote server, for the remote page's browser test: it serves the page at / under the
real server's Content-Security-Policy and answers the JSON API (/api/v1/...) from a small made-up frame, asking for
the Bearer token on every API request. Each request is logged as a JSON line (method, path, Authorization header,
body) before it is answered, so whoever saw an answer can find its request in the log.

    fake_remote_api.py --page PAGE.html --photo PHOTO.jpg --token TOKEN --log LOG.jsonl [--folder]

--folder: the frame shows a folder's files, as the real one tells them: a name (title) and no author.

It listens on 127.0.0.1 on a free port and prints {"port": N} on its first line of output.
"""
import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CSP = ("default-src 'self'; img-src 'self' blob:; style-src 'self' 'unsafe-inline'; "
       "script-src 'self' 'unsafe-inline'")

PHOTOS = [
    {"id": "harbour-1", "author": "Ada Lovelace", "caption": "Harbour at dawn", "width": 800, "height": 600,
     "kind": "photo"},
    {"id": "alps-2", "author": "Grace Hopper", "caption": "Alps, 12 March 2024", "width": 600, "height": 900,
     "kind": "live-photo"},
    {"id": "market-3", "author": "Alan Turing", "caption": "Market day", "width": 1200, "height": 800,
     "kind": "photo"},
]

FOLDER_PHOTOS = [
    {"id": "f-1", "author": "", "title": "motorcycle_left.png", "caption": "12 March 2024", "width": 800,
     "height": 600, "kind": "photo"},
    {"id": "f-2", "author": "", "title": "portrait.mp4", "width": 600, "height": 900, "kind": "clip"},
]

FIELDS = [
    {"name": "mode", "label": "What shows", "kind": "choice", "choices": ["wall", "slideshow"], "value": "slideshow",
     "live": True},
    {"name": "interval", "label": "Seconds per photo", "kind": "number", "value": "8", "live": True},
    {"name": "caption", "label": "Caption", "kind": "text", "value": "date,place", "live": False},
    {"name": "schedule", "label": "Display on", "kind": "hours", "value": "07:00-23:00", "live": False},
    {"name": "wake-on-touch", "label": "A touch wakes the display", "kind": "flag", "value": "no", "live": False},
    {"name": "source", "label": "Source", "kind": "choice", "choices": ["folders", "demo", "picsum", "immich"],
     "value": "picsum", "live": True},
]


class Frame:
    """The made-up frame the API reports and steers."""

    def __init__(self, photos=None, source=None, notice=None):
        self.photos = photos or PHOTOS
        self.notice = notice
        self.lock = threading.Lock()
        self.index = 0
        self.paused = False
        self.mode = "slideshow"
        self.display = "on"
        self.interval = 8.0
        self.source = source or {"name": "picsum", "title": "Lorem Picsum", "album": None}
        # The overlays as the real frame tells them: on or off, drawn now, and their words.
        self.overlays = {"clock": {"on": True, "shown": True, "words": "07:05"},
                         "values": {"on": True, "shown": True, "words": "Outside 21.5 °C"}}

    def state(self):
        photo = dict(self.photos[self.index], index=self.index)
        return {"version": "0.2.0", "name": "Ada", "screen": self.mode, "mode": self.mode, "paused": self.paused,
                "photo": photo, "photos": len(self.photos), "schedule": "07:00-23:00", "display": self.display,
                "source": self.source, "online": True, "interval": self.interval, "speed": None,
                "overlays": self.overlays,
                **({"notice": self.notice} if self.notice else {})}

    def perform(self, body):
        name, argument = body.get("command"), body.get("argument")
        if name == "next":
            self.index = (self.index + 1) % len(self.photos)
        elif name == "previous":
            self.index = (self.index - 1) % len(self.photos)
        elif name in ("pause", "play"):
            self.paused = name == "pause"
        elif name in ("wall", "slideshow"):
            self.mode = name
        elif name in ("display-on", "display-off"):
            self.display = name[len("display-"):]
        elif name == "interval" and isinstance(argument, (int, float)) and 1 <= argument <= 86400:
            self.interval = float(argument)
        elif name == "source" and isinstance(argument, str):
            self.source = {"name": argument, "title": argument.title(), "album": body.get("album")}
        elif name in ("overlay-on", "overlay-off") and argument in self.overlays:
            on = name == "overlay-on"
            self.overlays[argument] = dict(self.overlays[argument], on=on, shown=on)
        elif name == "reload":
            pass
        else:
            return "no command like that"
        return None

    def save(self, values):
        problems = {}
        for name, value in values.items():
            if name not in {f["name"] for f in FIELDS}:
                problems[name] = "there is no setting called " + name
            elif name == "interval":
                try:
                    if not 1 <= float(value) <= 86400:
                        raise ValueError
                except ValueError:
                    problems[name] = "--interval wants seconds between 1 and 86400"
        if problems:
            return 400, {"error": "one value was not saved: nothing changed", "problems": problems}
        for field in FIELDS:
            if field["name"] in values:
                field["value"] = values[field["name"]]
        live = [n for n in values if next(f for f in FIELDS if f["name"] == n)["live"]]
        return 200, {"saved": True, "applied": live, "atNextStart": [n for n in values if n not in live],
                     "state": self.state()}


def handler(page, photo, token, log, frame):
    log_lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def record(self, body):
            entry = {"method": self.command, "path": self.path,
                     "authorization": self.headers.get("Authorization"), "body": body}
            with log_lock, open(log, "a") as out:
                out.write(json.dumps(entry) + "\n")

        def send(self, status, body, kind="application/json"):
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            if kind.startswith("text/html"):
                self.send_header("Content-Security-Policy", CSP)
            self.end_headers()
            self.wfile.write(data)

        def answer(self, body):
            self.record(body)
            path = self.path.split("?")[0]
            if path == "/":
                return self.send(200, page, "text/html; charset=utf-8")
            if not path.startswith("/api/v1/"):
                return self.send(404, {"error": "not found"})
            if self.headers.get("Authorization") != "Bearer " + token:
                return self.send(401, {"error": "a token is needed"})
            with frame.lock:
                if self.command == "GET" and path == "/api/v1/state":
                    return self.send(200, frame.state())
                if self.command == "GET" and path == "/api/v1/photo":
                    return self.send(200, photo, "image/jpeg")
                if self.command == "GET" and path == "/api/v1/settings":
                    return self.send(200, {"fields": FIELDS})
                if self.command == "POST" and path == "/api/v1/commands":
                    refused = frame.perform(body if isinstance(body, dict) else {})
                    return self.send(400, {"error": refused}) if refused else self.send(200, frame.state())
                if self.command == "POST" and path == "/api/v1/settings":
                    return self.send(*frame.save(body if isinstance(body, dict) else {}))
            return self.send(404, {"error": "not found"})

        def do_GET(self):
            self.answer(None)

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            self.answer(body)

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", required=True)
    parser.add_argument("--photo", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--folder", action="store_true", help="a folder's files: names, no authors")
    parser.add_argument("--notice", help="what the owner should know (the state's notice: another frame on the id)")
    args = parser.parse_args()
    with open(args.page, "rb") as f:
        page = f.read()
    with open(args.photo, "rb") as f:
        photo = f.read()
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 handler(page, photo, args.token, args.log,
                                         Frame(FOLDER_PHOTOS, {"name": "folder", "title": "the folders", "album": None})
                                         if args.folder else Frame(notice=args.notice)))
    server.daemon_threads = True
    print(json.dumps({"port": server.server_address[1]}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
