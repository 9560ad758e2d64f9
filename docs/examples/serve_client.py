"""Ask a running `acap serve` whether a crawler may fetch some URLs, with the standard library only.

    python3 docs/examples/serve_client.py [http://127.0.0.1:8089]
"""
import json
import sys
import urllib.error
import urllib.request

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8089"

ROBOTS_TXT = """User-agent: *
Disallow: /private/
Allow: /private/press/
"""


def ask(endpoint, request):
    """POST one JSON request to /v1/ENDPOINT and return the decoded answer."""
    req = urllib.request.Request(BASE + "/v1/" + endpoint, data=json.dumps(request).encode("utf-8"),
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as e:  # 400, 413: one line of JSON says why
        raise SystemExit(f"{e.code}: {json.load(e)['error']}")


answers = ask("decide", {"robots_txt": ROBOTS_TXT, "crawler": "ExampleBot", "usage": "crawl",
                         "urls": ["/", "/private/plans.pdf", "/private/press/kit.pdf"]})
for a in answers:
    verdict = "allowed" if a["allowed"] else "prohibited"
    why = f"line {a['line']}: {a['text']}" if a["line"] else a["basis"]
    print(f"{verdict:10} {a['path']}  ({why})")

# A site's live robots.txt instead: {"robots": "https://example.com/robots.txt", ...} is fetched
# and cached by the server as RFC 9309 says.
x = ask("explain", {"robots_txt": ROBOTS_TXT, "crawler": "ExampleBot", "url": "/private/plans.pdf"})
print("why:", x["reason"])
