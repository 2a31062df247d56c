// The operations view: the hosted operations by connector, and the form of the one chosen (a
// typed input per variable, optional ones sent only when ticked, and the caller to run as).

extension ConsoleScript {
    static let operations = #"""
        function operationKey(operation) { return operation.connector + "/" + operation.name; }

        function renderOperationList() {
          const list = $("operation-list");
          const groups = new Map();
          for (const operation of state.overview.operations) {
            if (!groups.has(operation.connector)) groups.set(operation.connector, []);
            groups.get(operation.connector).push(operation);
          }
          const selected = state.operation && operationKey(state.operation);
          fill(list, el("h2", {}, "Operations"), [...groups].map(([connector, operations]) => el("div", { class: "group" },
            el("h3", {}, connector),
            operations.map(operation => el("button", {
              type: "button", class: "item" + (operationKey(operation) === selected ? " selected" : ""),
              "data-operation": operationKey(operation), onclick: () => selectOperation(operation)
            }, el("span", { class: "kind kind-" + operation.kind }, operation.kind === "mutation" ? "M" : "Q"),
               el("span", { class: "name" }, operation.name), el("span", { class: "access" }, operation.access))))));
          if (!state.overview.operations.length) list.append(el("p", { class: "empty" }, "The emulator hosts no operations."));
        }

        function selectOperation(operation) {
          state.operation = operation;
          for (const item of document.querySelectorAll("#operation-list .item")) {
            item.classList.toggle("selected", item.dataset.operation === operationKey(operation));
          }
          const form = el("form", { id: "run-form", onsubmit: event => { event.preventDefault(); runOperation(); } },
            el("h3", {}, "Variables"),
            operation.variables.length ? operation.variables.map(variableField) : el("p", { class: "empty" }, "No variables."),
            MODE === "aem" ? null : callerField(),
            el("div", { class: "actions" }, el("button", { type: "submit", id: "run-button", class: "primary" }, "Run " + operation.name)));
          fill($("operation-view"),
            el("div", { class: "title" }, el("h2", {}, operation.name), el("span", { class: "kind kind-" + operation.kind }, operation.kind),
               el("span", { class: "badge" }, operation.access), el("span", { class: "muted" }, "connector " + operation.connector)),
            el("details", { class: "source" }, el("summary", {}, "Operation text"), el("pre", { class: "code" }, operation.text)),
            form,
            el("div", { id: "run-result" }));
        }

        function variableInput(variable, id) {
          if (variable.input === "boolean" || variable.input === "choice") {
            const options = variable.input === "boolean" ? ["true", "false"] : variable.choices;
            return el("select", { id, name: variable.name }, options.map(option => el("option", { value: option }, option)));
          }
          if (variable.input === "json") {
            const hint = variable.fields ? "{ " + variable.fields.join(", ") + " }" : "JSON";
            return el("textarea", { id, name: variable.name, rows: 2, spellcheck: "false", placeholder: hint });
          }
          const numeric = variable.input === "int" || variable.input === "float";
          return el("input", { id, name: variable.name, type: numeric ? "number" : "text", step: variable.input === "float" ? "any" : null,
                               autocomplete: "off" });
        }

        function variableField(variable) {
          const id = "var-" + variable.name;
          const input = variableInput(variable, id);
          const send = variable.required ? null : el("input", { type: "checkbox", id: id + "-send" });
          if (send) {
            input.addEventListener("input", () => { send.checked = true; });
            input.addEventListener("change", () => { send.checked = true; });
          }
          const hints = [];
          if (variable.default !== undefined) hints.push("default " + variable.default);
          if (!variable.required) hints.push("optional: not sent unless ticked");
          return el("div", { class: "field" },
            el("label", { for: id }, "$" + variable.name, el("span", { class: "var-type" }, variable.type)),
            el("div", { class: "control" }, input, send ? el("label", { class: "send-label", title: "Send this variable" }, send, " send") : null),
            hints.length ? el("div", { class: "hint" }, hints.join(" · ")) : null);
        }

        function callerField() {
          if (state.callerNode) return state.callerNode;
          const kind = el("select", { id: "caller-kind" },
            el("option", { value: "admin" }, "Admin (bypasses @auth)"), el("option", { value: "signedOut" }, "Signed out"),
            el("option", { value: "user" }, "Signed-in user"), el("option", { value: "bearer" }, "Bearer token"));
          const user = el("div", { id: "caller-user", class: "hidden" },
            el("label", { for: "caller-uid" }, "auth.uid"), el("input", { id: "caller-uid", value: "user-1", autocomplete: "off" }),
            el("label", { for: "caller-claims" }, "auth.token claims (JSON)"),
            el("textarea", { id: "caller-claims", rows: 2, spellcheck: "false" }, '{"email_verified": true, "firebase": {"sign_in_provider": "password"}}'));
          const bearer = el("div", { id: "caller-bearer", class: "hidden" },
            el("label", { for: "caller-token" }, "Authorization: Bearer"),
            el("input", { id: "caller-token", autocomplete: "off", placeholder: "an ID token (an unsigned JWT), or any text as the uid" }));
          kind.addEventListener("change", () => {
            user.classList.toggle("hidden", kind.value !== "user");
            bearer.classList.toggle("hidden", kind.value !== "bearer");
          });
          state.callerNode = el("fieldset", { class: "caller" }, el("legend", {}, "Caller"), el("div", {}, kind), user, bearer);
          return state.callerNode;
        }

        function readNumber(variable, raw) {
          if (raw.trim() === "") return null;
          const number = Number(raw);
          if (!Number.isFinite(number) || (variable.input === "int" && !Number.isInteger(number))) {
            throw new Error("$" + variable.name + " must be " + (variable.input === "int" ? "a whole number" : "a number") + ".");
          }
          return number;
        }

        function readJSON(variable, raw) {
          if (raw.trim() === "") return null;
          try { return JSON.parse(raw); } catch (error) { throw new Error("$" + variable.name + " is not valid JSON: " + error.message); }
        }

        function readVariables(operation) {
          const variables = {};
          for (const variable of operation.variables) {
            const id = "var-" + variable.name;
            if (!variable.required && !$(id + "-send").checked) continue;
            const raw = $(id).value;
            switch (variable.input) {
              case "int": case "float": variables[variable.name] = readNumber(variable, raw); break;
              case "boolean": variables[variable.name] = raw === "true"; break;
              case "json": variables[variable.name] = readJSON(variable, raw); break;
              default: variables[variable.name] = raw;
            }
          }
          return variables;
        }

        function readCaller() {
          const kind = $("caller-kind") ? $("caller-kind").value : "admin";
          if (kind === "user") {
            let claims;
            try { claims = JSON.parse($("caller-claims").value || "{}"); } catch (error) { throw new Error("The claims are not valid JSON: " + error.message); }
            return { kind, uid: $("caller-uid").value, claims };
          }
          if (kind === "bearer") return { kind, token: $("caller-token").value };
          return { kind };
        }
        """#
}
