// Running the chosen operation and showing what came back: the status, the time, the JSON
// response and the SQL statements with their parameters and rows.

extension ConsoleScript {
    static let runs = #"""
        function jsonHTML(value, indent) {
          indent = indent || "";
          if (value === null || value === undefined) return '<span class="j-null">null</span>';
          if (typeof value === "string") return '<span class="j-string">' + esc(JSON.stringify(value)) + "</span>";
          if (typeof value === "number") return '<span class="j-number">' + esc(String(value)) + "</span>";
          if (typeof value === "boolean") return '<span class="j-bool">' + value + "</span>";
          const inner = indent + "  ";
          if (Array.isArray(value)) {
            if (!value.length) return "[]";
            return "[\n" + value.map(item => inner + jsonHTML(item, inner)).join(",\n") + "\n" + indent + "]";
          }
          const keys = Object.keys(value);
          if (!keys.length) return "{}";
          return "{\n" + keys.map(key => inner + '<span class="j-key">' + esc(JSON.stringify(key)) + "</span>: " + jsonHTML(value[key], inner))
            .join(",\n") + "\n" + indent + "}";
        }

        async function runOperation() {
          const operation = state.operation;
          const result = $("run-result");
          let request;
          try {
            request = { connector: operation.connector, name: operation.name, variables: readVariables(operation), caller: readCaller() };
          } catch (error) {
            failure(result, error);
            return;
          }
          $("run-button").disabled = true;
          fill(result, el("p", { class: "muted" }, "Running…"));
          try {
            const run = await api("run", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
            renderRun(result, run);
            if (operation.kind === "mutation") refreshCollections();
          } catch (error) {
            failure(result, error);
          } finally {
            $("run-button").disabled = false;
          }
        }

        function statementNode(statement) {
          const parameters = statement.parameters.length ? "parameters " + statement.parameters.map(value => JSON.stringify(value)).join(", ") + " · " : "";
          return el("li", {}, el("pre", { class: "code sql" }, statement.sql),
            el("div", { class: "sql-meta" }, parameters + statement.rows + (statement.rows === 1 ? " row" : " rows")));
        }

        function renderRun(container, run) {
          const errors = run.response && run.response.errors;
          const outcome = statusClass(run.status, errors && errors.length);
          const response = el("pre", { class: "code json", id: "run-response" });
          response.innerHTML = jsonHTML(run.response);
          const count = run.statements.length + run.statementsOmitted;
          const parts = [
            el("div", { class: "run-summary" },
              el("span", { class: "status status-" + outcome, id: "run-status" }, String(run.status)),
              el("span", { id: "run-time" }, formatMilliseconds(run.milliseconds)),
              MODE === "aem" ? null : el("span", {}, count + " SQL statement" + (count === 1 ? "" : "s"))),
            el("h3", {}, "Response"), response];
          if (MODE !== "aem") {
            parts.push(el("h3", {}, "SQL"));
            parts.push(run.statements.length ? el("ol", { class: "statements", id: "run-sql" }, run.statements.map(statementNode))
                                             : el("p", { class: "empty" }, "No SQL ran: the request was refused before any work."));
            if (run.statementsOmitted) parts.push(el("p", { class: "muted" }, run.statementsOmitted + " more statements are not shown."));
          }
          fill(container, parts);
        }
        """#
}
