#!/usr/bin/env python3
"""The emulator console in headless Chromium, as a user drives it: the page loads the hosted
operations; a mutation and a query run from their forms (typed inputs, an optional variable
ticked or left unset, a chosen caller) and show their status, response and SQL; the tables view
pages and sorts the rows; the schema is searched; the live log shows a request made meanwhile.
Then a page of another origin tries to read the console and its API and must fail. Screenshots
go to --screenshots; the page must report no script error (a Content-Security-Policy violation
included).

usage: check_console.py --chromium PATH --port PORT --screenshots DIR"""
import argparse
import http.server
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import urllib.request

from cdp import Browser, BrowserError

WAIT = """(async () => {
  const deadline = Date.now() + %d;
  while (Date.now() < deadline) {
    const value = (() => { %s })();
    if (value) return value;
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  return null;
})()"""

SET_INPUT = """(() => {
  const input = document.getElementById(%s);
  input.value = %s;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
})()"""


class Check:
    def __init__(self, browser, screenshots):
        self.browser = browser
        self.screenshots = screenshots

    def fail(self, message):
        raise SystemExit(f"check-console: FAILED: {message}")

    def expect(self, condition, message):
        if not condition:
            self.fail(message)
        print(f"  ok: {message}")

    def wait(self, body, what, milliseconds=10000, shown=None):
        """The first true value of `body` (a function body) within the time; `shown`: what to quote on failure."""
        value = self.browser.evaluate(WAIT % (milliseconds, body), timeout=milliseconds / 1000 + 10)
        if not value:
            quoted = f" (the page shows: {self.text(shown)!r})" if shown else ""
            self.fail(f"timed out waiting for {what}{quoted}")
        return value

    def click(self, selector):
        self.wait(f"const node = document.querySelector({json.dumps(selector)}); if (node) node.click(); return !!node;", selector)

    def type(self, element_id, value):
        self.browser.evaluate(SET_INPUT % (json.dumps(element_id), json.dumps(value)))

    def text(self, selector):
        return self.browser.evaluate(f"(document.querySelector({json.dumps(selector)}) || {{}}).textContent || ''")

    def screenshot(self, name):
        path = os.path.join(self.screenshots, name)
        self.browser.screenshot(path)
        print(f"  screenshot: {path}")

    def run_operation(self, key, values, caller=None):
        """Chooses the operation `key`, fills its form and runs it; returns status, response and SQL."""
        self.click(f'[data-operation="{key}"]')
        self.wait(f"return document.querySelector('#run-button') && document.querySelector('#run-button').textContent.endsWith({json.dumps(key.split('/')[1])});",
                  f"the form of {key}")
        for name, value in values.items():
            self.type(f"var-{name}", value)
        if caller:
            self.type("caller-kind", caller)
        self.browser.evaluate("document.getElementById('run-result').replaceChildren(); true")
        self.click("#run-button")
        self.wait("return !!document.getElementById('run-status');", f"the result of {key}", shown="#run-result")
        return (self.text("#run-status"), self.text("#run-response"),
                self.browser.evaluate("[...document.querySelectorAll('#run-sql li')].map(item => item.textContent)"))


def check_operations(check):
    names = check.wait("const names = [...document.querySelectorAll('#operation-list .item .name')].map(node => node.textContent);"
                       " return names.length ? names : null;", "the operation list")
    check.expect(sorted(names) == ["createMovie", "getMovieByKey", "listMovies", "listMoviesByGenre"], f"the hosted operations are listed: {names}")
    status, response, sql = check.run_operation("movies/createMovie", {"title": "Metropolis", "releaseYear": "1927", "genre": "Sci-Fi", "rating": "4.3"},
                                                caller="signedOut")
    check.expect(status == "200" and '"movie_insert"' in response, f"createMovie ran as a signed-out caller: {status}")
    check.expect(any("INSERT INTO" in statement for statement in sql), "its SQL statements are shown (an INSERT)")
    check.expect(not check.browser.evaluate("document.getElementById('var-aspectRatio-send').checked"), "the optional $aspectRatio was left unset")
    status, response, sql = check.run_operation("movies/listMoviesByGenre", {"genre": "Sci-Fi", "limit": "2"})
    check.expect(check.browser.evaluate("document.getElementById('var-limit-send').checked"), "typing into the optional $limit ticks it")
    check.expect(status == "200", "listMoviesByGenre answered 200")
    check.expect("Blade Runner" in response and "A New Hope" in response and "Metropolis" not in response,
                 "the response shows the two most recent Sci-Fi movies ($limit: 2 was sent)")
    check.expect(len(sql) == 1 and 'FROM "movie"' in sql[0] and '"Sci-Fi"' in sql[0], f"the SQL shows the query and its parameters: {sql}")
    check.expect(check.text("#run-time").endswith("ms"), f"the time is shown: {check.text('#run-time')}")
    check.screenshot("console-operations.png")


def check_tables(check):
    check.click('header nav button[data-tab="data"]')
    check.click('[data-collection="Movie"]')
    check.wait("return document.getElementById('rows-range') && document.getElementById('rows-range').textContent === '1–6 of 6';", "the Movie rows")
    titles = check.browser.evaluate("[...document.querySelectorAll('#rows-table tbody tr td:nth-child(2)')].map(cell => cell.textContent)")
    check.expect("Metropolis" in titles, f"the table view shows the row the console inserted: {titles}")
    check.click('#rows-table th[title="Sort by title"]')
    check.wait("return document.querySelector('#rows-table th.asc') && document.querySelector('#rows-table tbody tr td:nth-child(2)').textContent === 'A New Hope';",
               "rows sorted by title, ascending")
    check.click('#rows-table th[title="Sort by title"]')
    check.wait("return document.querySelector('#rows-table th.desc') && "
               "document.querySelector('#rows-table tbody tr td:nth-child(2)').textContent === 'The Good, the Bad and the Ugly';",
               "rows sorted by title, descending")
    print("  ok: the rows sort by a column, both ways")
    check.screenshot("console-tables.png")


def check_schema_and_log(check, port):
    check.click('header nav button[data-tab="schema"]')
    check.type("schema-search", "framed")
    count = check.wait("const node = document.getElementById('schema-count'); return node && node.textContent.startsWith('1 of') && node.textContent;",
                       "the schema search")
    check.expect(check.browser.evaluate("!!document.querySelector('#schema-view .desc mark')"), f"the search finds a description: {count}")
    # One letter matches inside the entities that quotes and ampersands are written as: the page
    # must still show the characters, never an entity's text.
    check.type("schema-search", "t")
    check.wait("const node = document.getElementById('schema-count'); return node && !node.textContent.startsWith('1 of');", "the search for t")
    shown = check.browser.evaluate("[...document.querySelectorAll('#schema-view pre')].map(pre => pre.textContent).join('\\n')")
    check.expect('"' in shown and not re.search(r"&(quot|amp|lt|gt|#39);", shown), "a one-letter search leaves quotes as quotes")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/graphql/execute.json/movies/listMovies", headers={"Authorization": "Bearer ann"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        check.expect(answer.status == 200, "a client request while the page is open")
    check.click('header nav button[data-tab="log"]')
    row = check.wait("const row = [...document.querySelectorAll('#log-body tr')].find(row => row.textContent.includes('movies/listMovies'));"
                     " return row && row.textContent;", "the request in the live log")
    check.expect("uid ann" in row and "200" in row, f"the live log shows it with its caller and status: {row}")
    check.screenshot("console-log.png")


ATTACK_PAGE = """<!doctype html><script>
const target = "http://127.0.0.1:%d";
async function attempt(name, run) {
  try { await run(); return name + ": read"; } catch (error) { return name + ": blocked"; }
}
window.results = Promise.all([
  // The control: requests do reach the emulator (an opaque answer, which the page cannot read).
  attempt("reachable", async () => { await fetch(target + "/healthz", { mode: "no-cors" }); }),
  attempt("page", async () => { await (await fetch(target + "/")).text(); }),
  attempt("rows", async () => { const answer = await fetch(target + "/console/api/rows?collection=Movie"); if (!answer.ok) throw answer.status; await answer.json(); }),
  attempt("log with a token", async () => { await (await fetch(target + "/console/api/log", { headers: { "X-SQLGen-Console-Token": "guess" } })).json(); }),
  attempt("run", async () => {
    const answer = await fetch(target + "/console/api/run", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ connector: "movies", name: "listMovies", variables: {}, caller: { kind: "admin" } }) });
    if (!answer.ok) throw answer.status;
    await answer.json();
  }),
]);
</script>"""


def check_other_origin(chromium, port):
    folder = tempfile.mkdtemp(prefix="sqlgen-console-origin.")
    with open(os.path.join(folder, "attack.html"), "w") as file:
        file.write(ATTACK_PAGE % port)
    handler = lambda *args: http.server.SimpleHTTPRequestHandler(*args, directory=folder)
    http.server.SimpleHTTPRequestHandler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = Browser(chromium)
    try:
        browser.open(f"http://localhost:{server.server_address[1]}/attack.html")
        results = browser.evaluate("window.results")
    finally:
        browser.close()
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"  a page of another origin: {results}")
    if results[0] != "reachable: read":
        raise SystemExit(f"check-console: FAILED: the page of another origin could not reach the emulator at all: {results}")
    if any(not result.endswith("blocked") for result in results[1:]):
        raise SystemExit(f"check-console: FAILED: a page of another origin read the console: {results}")
    print("  ok: a page of another origin reads neither the console page nor its API")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    browser = Browser(arguments.chromium, width=1400, height=1100)
    try:
        browser.open(f"http://127.0.0.1:{arguments.port}/#operations")
        check = Check(browser, arguments.screenshots)
        check_operations(check)
        check_tables(check)
        check_schema_and_log(check, arguments.port)
        errors = browser.page_errors()
        check.expect(not errors, f"the page reported no script error {errors}")
    except BrowserError as error:
        raise SystemExit(f"check-console: FAILED: {error}")
    finally:
        browser.close()
    check_other_origin(arguments.chromium, arguments.port)


if __name__ == "__main__":
    sys.exit(main())
