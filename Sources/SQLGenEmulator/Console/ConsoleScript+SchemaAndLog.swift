// The schema view (the expanded SDL, one block per definition, searched as you type, with
// descriptions set apart) and the live log (polled once a second), then the page starts.

extension ConsoleScript {
    static let schemaAndLog = #"""
        const SCHEMA_SHOWN = 150;

        async function loadSchema() {
          if (state.schemaBlocks) return;
          try {
            const sdl = await api("schema");
            state.schemaBlocks = sdl.split(/\n{2,}/).filter(block => block.trim());
          } catch (error) {
            failure($("schema-view"), error);
            return;
          }
          renderSchema();
        }

        function definitionName(block) {
          const match = block.match(/^(?:extend\s+)?(?:type|input|enum|scalar|interface|union|directive)\s+@?(\w+)/m);
          return match ? match[1].toLowerCase() : "";
        }

        // Matches are found in the text, then each piece is escaped: searched in escaped text, a
        // query such as "t" would cut entities apart (`&quo<mark>t</mark>;`) and show them as text.
        function highlighted(text, query) {
          if (!query) return esc(text);
          const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
          let html = "", from = 0;
          for (const match of text.matchAll(pattern)) {
            html += esc(text.slice(from, match.index)) + "<mark>" + esc(match[0]) + "</mark>";
            from = match.index + match[0].length;
          }
          return html + esc(text.slice(from));
        }

        function sdlHTML(block, query) {
          let inDescription = false;
          return block.split("\n").map(line => {
            const trimmed = line.trim();
            const isDescription = inDescription || trimmed.startsWith('"');
            if (((trimmed.match(/"""/g) || []).length) % 2 === 1) inDescription = !inDescription;
            const html = highlighted(line, query);
            if (isDescription) return '<span class="desc">' + html + "</span>";
            return html.replace(/^(\s*)((?:extend )?(?:type|input|enum|scalar|interface|union|directive|schema))\b/, '$1<span class="kw">$2</span>');
          }).join("\n");
        }

        function renderSchema() {
          if (!state.schemaBlocks) return;
          const query = $("schema-search").value.trim().toLowerCase();
          let matches = state.schemaBlocks;
          if (query) {
            matches = matches.filter(block => block.toLowerCase().includes(query));
            const named = matches.filter(block => definitionName(block).includes(query));
            matches = named.concat(matches.filter(block => !definitionName(block).includes(query)));
          }
          const shown = matches.slice(0, SCHEMA_SHOWN);
          let summary = matches.length + " of " + state.schemaBlocks.length + " definitions";
          if (matches.length > shown.length) summary += ", the first " + shown.length + " shown: refine the search";
          fill($("schema-view"), el("p", { class: "muted", id: "schema-count" }, summary), shown.map(block => {
            const pre = el("pre", { class: "code sdl" });
            pre.innerHTML = sdlHTML(block, query);
            return pre;
          }));
        }

        function updateLogBadge() {
          const badge = $("log-badge");
          badge.textContent = state.unseen > 99 ? "99+" : String(state.unseen);
          badge.classList.toggle("hidden", state.unseen === 0);
        }

        function logRow(entry) {
          const time = new Date(entry.time * 1000);
          const clock = time.toLocaleTimeString("en-GB", { hour12: false }) + "." + String(time.getMilliseconds()).padStart(3, "0");
          return el("tr", {}, el("td", { class: "muted" }, clock), el("td", {}, entry.method), el("td", { class: "operation" }, entry.operation),
            el("td", {}, entry.caller), el("td", {}, el("span", { class: "status status-" + statusClass(entry.status, false) }, String(entry.status))),
            el("td", { class: "number" }, formatMilliseconds(entry.milliseconds)));
        }

        function addLogEntries(entries) {
          const body = $("log-body");
          for (const entry of entries) body.prepend(logRow(entry));
          while (body.children.length > 500) body.lastChild.remove();
          $("log-empty").classList.toggle("hidden", body.children.length > 0);
          if (!$("log").classList.contains("active")) {
            state.unseen += entries.length;
            updateLogBadge();
          }
        }

        async function pollLog() {
          try {
            const page = await api("log?after=" + state.logLast);
            if (page.entries.length) addLogEntries(page.entries);
            state.logLast = page.last;
            $("connection").textContent = "connected";
          } catch (error) {
            $("connection").textContent = "not connected: " + (error && error.message || error);
          }
          setTimeout(pollLog, 1000);
        }

        start();
        """#
}
