// The console page: HTML that holds the API token, and its script and style as files of their
// own (the page's Content-Security-Policy allows scripts and styles from the server alone, so
// nothing injected into a row or a response can run).

import SQLGenHTTP

enum ConsolePage {
    static let scriptPath = "/console/app.js"
    static let stylePath = "/console/app.css"

    /// The page for a console whose API answers `token`; `mode` is its source's `consoleMode`.
    static func page(token: String, mode: String) -> HTTPResponse {
        let html = template.replacingToken("{{token}}", with: token).replacingToken("{{mode}}", with: mode)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Security-Policy", value: "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
            + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        headers.add(name: "X-Frame-Options", value: "DENY")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        return EmulatorConsole.secured(HTTPResponse(status: 200, headers: headers, body: Array(html.utf8)))
    }

    /// The script or the style at `path`; nil for any other path.
    static func asset(_ path: String) -> HTTPResponse? {
        let file: (text: String, type: String)
        switch path {
        case scriptPath: file = (script, "text/javascript; charset=utf-8")
        case stylePath: file = (ConsoleStyle.css, "text/css; charset=utf-8")
        default: return nil
        }
        return EmulatorConsole.secured(HTTPResponse(status: 200, headers: ["Content-Type": file.type], body: Array(file.text.utf8)))
    }

    /// The parts of the script, in the order they run.
    static let script = [ConsoleScript.core, ConsoleScript.operations, ConsoleScript.runs, ConsoleScript.data, ConsoleScript.schemaAndLog].joined(separator: "\n")

    static let template = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="sqlgen-console-token" content="{{token}}">
        <meta name="sqlgen-console-mode" content="{{mode}}">
        <title>sqlgen emulator console</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="/console/app.css">
        <script src="/console/app.js" defer></script>
        </head>
        <body>
        <header>
          <h1>sqlgen <span>emulator console</span></h1>
          <nav>
            <button type="button" data-tab="operations">Operations</button>
            <button type="button" data-tab="data" id="data-tab">Tables</button>
            <button type="button" data-tab="schema">Schema</button>
            <button type="button" data-tab="log">Log <span id="log-badge" class="hidden"></span></button>
          </nav>
          <span id="connection" class="muted"></span>
        </header>
        <main>
          <section id="operations">
            <aside id="operation-list"><p class="muted">Loading…</p></aside>
            <div id="operation-view" class="detail"><p class="empty">Choose an operation.</p></div>
          </section>
          <section id="data">
            <aside id="collection-list"><p class="muted">Loading…</p></aside>
            <div id="collection-view" class="detail"><p class="empty">Choose a table.</p></div>
          </section>
          <section id="schema">
            <div class="detail">
              <input id="schema-search" type="search" placeholder="Search types, fields and descriptions" autocomplete="off">
              <div id="schema-view"><p class="muted">Loading…</p></div>
            </div>
          </section>
          <section id="log">
            <div class="detail">
              <table id="log-table">
                <thead><tr><th>Time</th><th>Method</th><th>Operation</th><th>Caller</th><th>Status</th><th>Duration</th></tr></thead>
                <tbody id="log-body"></tbody>
              </table>
              <p id="log-empty" class="empty">No requests yet: the log shows every request the emulator answers, as it answers it.</p>
            </div>
          </section>
        </main>
        </body>
        </html>
        """#
}

private extension String {
    /// The text with every `marker` replaced (markers are plain ASCII, so bytes suffice).
    func replacingToken(_ marker: String, with value: String) -> String {
        split(separator: marker, omittingEmptySubsequences: false).joined(separator: value)
    }
}
