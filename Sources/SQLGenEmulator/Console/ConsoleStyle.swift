// The console page's style sheet.

enum ConsoleStyle {
    static let css = #"""
        :root {
          --ink: #1d2430; --muted: #687385; --line: #dfe3ea; --paper: #ffffff; --ground: #f4f6f9;
          --accent: #3b5bdb; --accent-soft: #e7ecff; --good: #2b8a3e; --warn: #b7791f; --bad: #c92a2a;
          --code: #f7f8fa; --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
        }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: var(--ground);
               display: flex; flex-direction: column; }
        header { display: flex; align-items: center; gap: 24px; padding: 0 20px; height: 52px; background: #1d2430; color: #fff; flex: none; }
        header h1 { font-size: 16px; margin: 0; font-weight: 600; letter-spacing: .2px; }
        header h1 span { font-weight: 400; color: #aab4c3; }
        header nav { display: flex; gap: 4px; }
        header nav button { background: none; border: 0; color: #c9d1dd; padding: 8px 14px; border-radius: 6px; font: inherit; cursor: pointer; }
        header nav button:hover { background: #2c3545; color: #fff; }
        header nav button.active { background: #3b4660; color: #fff; }
        #connection { margin-left: auto; font-size: 12px; color: #aab4c3; }
        #log-badge { background: var(--accent); color: #fff; border-radius: 9px; padding: 0 6px; font-size: 11px; margin-left: 4px; }
        main { flex: 1; min-height: 0; }
        main > section { display: none; height: 100%; }
        main > section.active { display: flex; }
        aside { width: 290px; flex: none; overflow: auto; background: var(--paper); border-right: 1px solid var(--line); padding: 12px 10px; }
        aside h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 4px 8px 8px; }
        aside h3 { font-size: 12px; color: var(--muted); font-weight: 500; margin: 12px 8px 4px; }
        .item { display: flex; align-items: center; gap: 8px; width: 100%; border: 0; background: none; text-align: left; padding: 7px 8px;
                border-radius: 6px; font: inherit; color: inherit; cursor: pointer; }
        .item:hover { background: var(--ground); }
        .item.selected { background: var(--accent-soft); }
        .item .name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-family: var(--mono); font-size: 13px; }
        .item .access, .item .count { font-size: 11px; color: var(--muted); }
        .kind { display: inline-block; font-size: 11px; font-weight: 600; border-radius: 4px; padding: 0 5px; line-height: 18px; }
        .kind-query { background: #e6f4ea; color: var(--good); }
        .kind-mutation { background: #fff4e0; color: var(--warn); }
        .badge { font-size: 11px; border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; color: var(--muted); }
        .detail { flex: 1; min-width: 0; overflow: auto; padding: 20px 28px 40px; }
        .title { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; margin-bottom: 12px; }
        .title h2 { margin: 0; font-size: 20px; font-family: var(--mono); font-weight: 600; }
        h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 22px 0 8px; }
        .muted { color: var(--muted); }
        .empty { color: var(--muted); font-style: italic; }
        .error { color: var(--bad); background: #fff0f0; border: 1px solid #ffc9c9; border-radius: 6px; padding: 8px 12px; }
        .hidden { display: none !important; }
        .code { font: 12.5px/1.5 var(--mono); background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px;
                margin: 0; overflow: auto; white-space: pre; }
        details.source summary { cursor: pointer; color: var(--muted); margin-bottom: 6px; }
        form { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 4px 18px 16px; margin-top: 14px; }
        .field { display: grid; grid-template-columns: 220px 1fr; gap: 2px 16px; align-items: start; padding: 8px 0; border-bottom: 1px solid var(--ground); }
        .field label { font-family: var(--mono); font-size: 13px; padding-top: 6px; }
        .field .var-type { color: var(--muted); margin-left: 8px; }
        .field .hint { grid-column: 2; font-size: 12px; color: var(--muted); }
        .control { display: flex; gap: 10px; align-items: center; }
        input, select, textarea { font: 13px var(--mono); border: 1px solid #c8ceda; border-radius: 6px; padding: 6px 8px; background: #fff; color: var(--ink); }
        .control input:not([type=checkbox]), .control select, .control textarea { flex: 1; min-width: 0; }
        textarea { width: 100%; resize: vertical; }
        .send-label { font-family: inherit !important; font-size: 12px !important; color: var(--muted); white-space: nowrap; padding: 0 !important; }
        fieldset.caller { border: 0; border-top: 1px solid var(--line); margin: 14px 0 0; padding: 12px 0 0; display: grid; grid-template-columns: 220px 1fr; gap: 8px 16px; }
        fieldset.caller legend { float: left; font-family: var(--mono); font-size: 13px; padding: 6px 0 0; }
        fieldset.caller > div { grid-column: 2; display: grid; gap: 4px; }
        fieldset.caller label { font-size: 12px; color: var(--muted); }
        .actions { margin-top: 16px; }
        button.primary { background: var(--accent); color: #fff; border: 0; border-radius: 6px; padding: 8px 18px; font: 600 14px system-ui, sans-serif; cursor: pointer; }
        button.primary:disabled { opacity: .6; }
        .run-summary { display: flex; gap: 14px; align-items: center; margin-top: 20px; color: var(--muted); }
        .status { font-weight: 600; border-radius: 5px; padding: 1px 8px; color: #fff; }
        .status-good { background: var(--good); } .status-warn { background: var(--warn); } .status-bad { background: var(--bad); }
        .j-key { color: #7b3fbf; } .j-string { color: #2b7a3e; } .j-number { color: #1c64c4; } .j-bool, .j-null { color: #b4561a; }
        ol.statements { padding-left: 22px; margin: 0; }
        ol.statements li { margin-bottom: 10px; }
        pre.sql { white-space: pre-wrap; word-break: break-word; }
        .sql-meta { font-size: 12px; color: var(--muted); margin-top: 3px; font-family: var(--mono); }
        .pager { display: flex; gap: 8px; margin-bottom: 10px; }
        .pager button { border: 1px solid var(--line); background: var(--paper); border-radius: 6px; padding: 5px 12px; font: inherit; cursor: pointer; }
        .pager button:disabled { opacity: .45; cursor: default; }
        .grid { overflow: auto; background: var(--paper); border: 1px solid var(--line); border-radius: 8px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 6px 12px; border-bottom: 1px solid var(--ground); white-space: nowrap; font-size: 13px; }
        th { position: sticky; top: 0; background: #fafbfc; font-weight: 600; color: #3a4454; border-bottom: 1px solid var(--line); }
        td { font-family: var(--mono); font-size: 12.5px; }
        td.number { text-align: right; }
        td.null { color: #aab0bb; font-style: italic; }
        th.sortable { cursor: pointer; user-select: none; }
        th.sortable:hover { background: var(--accent-soft); }
        th.asc::after { content: " ▲"; font-size: 10px; } th.desc::after { content: " ▼"; font-size: 10px; }
        #schema-search { width: 100%; max-width: 560px; font-family: inherit; font-size: 14px; padding: 8px 12px; margin-bottom: 8px; }
        pre.sdl { margin-bottom: 10px; background: var(--paper); }
        .desc { color: #5f7a5a; } .kw { color: #7b3fbf; font-weight: 600; }
        mark { background: #ffe066; border-radius: 2px; }
        #log-table { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; }
        #log-table td.operation { font-weight: 600; }
        """#
}
