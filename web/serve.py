#!/usr/bin/env python3
"""Serves web/dist the way a production server should: `.wasm` as
application/wasm, and the precompressed `FILE.br` / `FILE.gz` beside a file
in its place when the browser accepts that encoding (Content-Encoding br or
gzip, Vary: Accept-Encoding). For trying the build on this machine and for
web/test.mjs; any static server configured the same way will do (see
web/README.md).

    python3 web/serve.py [--port 8000] [--bind 127.0.0.1] [--plain] [DIR]

--plain serves every file as it is (no precompressed copies).
"""

import argparse
import functools
import http.server
import os

TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".html": "text/html; charset=utf-8",
         ".ron": "text/plain; charset=utf-8", ".png": "image/png", ".json": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    plain = False

    def log_message(self, *args):
        pass

    def guess_type(self, path):
        return TYPES.get(os.path.splitext(path)[1], "application/octet-stream")

    def send_head(self):
        path = self.translate_path(self.path)
        accepted = self.headers.get("Accept-Encoding", "")
        if not self.plain and os.path.isfile(path):
            for enc, ext in (("br", ".br"), ("gzip", ".gz")):
                if enc in accepted and os.path.isfile(path + ext):
                    f = open(path + ext, "rb")
                    size = os.fstat(f.fileno()).st_size
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", enc)
                    self.send_header("Content-Length", str(size))
                    self.send_header("Vary", "Accept-Encoding")
                    self.send_header("Cache-Control", "no-cache")
                    self.end_headers()
                    return f
        return super().send_head()

    def end_headers(self):
        if not self._headers_buffer or b"Cache-Control" not in b"".join(self._headers_buffer):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--plain", action="store_true")
    ap.add_argument("dir", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "dist"))
    a = ap.parse_args()
    Handler.plain = a.plain
    handler = functools.partial(Handler, directory=a.dir)
    with http.server.ThreadingHTTPServer((a.bind, a.port), handler) as httpd:
        print(f"serving {a.dir} on http://{a.bind}:{a.port}/" + (" (plain)" if a.plain else ""), flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
