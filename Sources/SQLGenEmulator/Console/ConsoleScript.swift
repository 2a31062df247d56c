// The console page's script, plain JavaScript in parts (one per view): no framework, no build
// step. Every text from the server reaches the page as text nodes or escaped, never as markup.

enum ConsoleScript {
    /// Helpers, the API call with the page's token, tabs, the overview and start-up.
    static let core = #"""
        "use strict";
        const TOKEN = document.querySelector('meta[name="sqlgen-console-token"]').content;
        const MODE = document.querySelector('meta[name="sqlgen-console-mode"]').content;
        const state = { overview: null, operation: null, collection: null, schemaBlocks: null, logLast: 0, unseen: 0, callerNode: null };

        function $(id) { return document.getElementById(id); }

        function esc(text) {
          return String(text).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
        }

        function el(tag, attributes, ...children) {
          const node = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes || {})) {
            if (value === undefined || value === null || value === false) continue;
            if (name === "class") node.className = value;
            else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
            else node.setAttribute(name, value === true ? "" : value);
          }
          for (const child of children.flat(Infinity)) {
            if (child === undefined || child === null || child === false) continue;
            node.append(child instanceof Node ? child : document.createTextNode(String(child)));
          }
          return node;
        }

        // Replaces the children of `container` with `children` (nested arrays flattened, null and false left out).
        function fill(container, ...children) {
          container.replaceChildren(...children.flat(Infinity).filter(child => child !== undefined && child !== null && child !== false));
        }

        async function api(path, init) {
          const options = Object.assign({ cache: "no-store" }, init || {});
          options.headers = Object.assign({ "X-SQLGen-Console-Token": TOKEN }, options.headers || {});
          const response = await fetch("/console/api/" + path, options);
          const type = response.headers.get("Content-Type") || "";
          const body = type.startsWith("application/json") ? await response.json() : await response.text();
          if (!response.ok && body && body.error) throw new Error(body.error);
          if (!response.ok) throw new Error("HTTP " + response.status);
          return body;
        }

        function failure(container, error) {
          fill(container, el("p", { class: "error" }, String(error && error.message || error)));
        }

        function formatMilliseconds(ms) {
          if (ms < 10) return ms.toFixed(2) + " ms";
          if (ms < 1000) return ms.toFixed(1) + " ms";
          return (ms / 1000).toFixed(2) + " s";
        }

        function statusClass(status, hasErrors) {
          if (status >= 400) return "bad";
          return hasErrors ? "warn" : "good";
        }

        const TABS = ["operations", "data", "schema", "log"];

        function showTab(name) {
          if (!TABS.includes(name)) name = "operations";
          for (const tab of document.querySelectorAll("header nav button")) tab.classList.toggle("active", tab.dataset.tab === name);
          for (const panel of document.querySelectorAll("main > section")) panel.classList.toggle("active", panel.id === name);
          if (name === "schema") loadSchema();
          if (name === "data" && !state.collection && state.overview && state.overview.collections.length) {
            selectCollection(state.overview.collections[0].name);
          }
          if (name === "log") { state.unseen = 0; updateLogBadge(); }
          if (location.hash !== "#" + name) history.replaceState(null, "", "#" + name);
        }

        async function loadOverview() {
          try {
            state.overview = await api("overview");
          } catch (error) {
            failure($("operation-list"), error);
            return;
          }
          renderOperationList();
          renderCollectionList();
          const active = document.querySelector("main > section.active");
          if (!state.operation && state.overview.operations.length) selectOperation(state.overview.operations[0]);
          if (active && active.id === "data" && !state.collection && state.overview.collections.length) {
            selectCollection(state.overview.collections[0].name);
          }
        }

        function start() {
          for (const tab of document.querySelectorAll("header nav button")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
          if (MODE === "aem") {
            $("data-tab").textContent = "Content fragments";
            fill($("collection-view"), el("p", { class: "empty" }, "Choose a model."));
          }
          $("schema-search").addEventListener("input", renderSchema);
          window.addEventListener("hashchange", () => showTab(location.hash.slice(1)));
          showTab(location.hash.slice(1));
          loadOverview();
          pollLog();
        }
        """#
}
