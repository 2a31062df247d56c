// The data view: the tables (or AEM's content fragment models) with their row counts, and the
// rows of the one chosen, a page at a time, sorted by a column when its header is clicked.

extension ConsoleScript {
    static let data = #"""
        function renderCollectionList() {
          const list = $("collection-list");
          const collections = state.overview.collections;
          const selected = state.collection && state.collection.name;
          fill(list, el("h2", {}, MODE === "aem" ? "Models" : "Tables"),
            collections.map(collection => el("button", {
              type: "button", class: "item" + (collection.name === selected ? " selected" : ""), "data-collection": collection.name,
              onclick: () => selectCollection(collection.name)
            }, el("span", { class: "name" }, collection.name), collection.view ? el("span", { class: "badge" }, "view") : null,
               el("span", { class: "count" }, collection.rows.toLocaleString("en-US")))));
          if (!collections.length) list.append(el("p", { class: "empty" }, MODE === "aem" ? "No content fragment models." : "No tables."));
        }

        async function refreshCollections() {
          try {
            state.overview = Object.assign(state.overview, { collections: (await api("overview")).collections });
          } catch (error) {
            return;
          }
          renderCollectionList();
          if (state.collection) loadRows();
        }

        function selectCollection(name) {
          state.collection = { name, offset: 0, limit: 50, sort: null, descending: false };
          for (const item of document.querySelectorAll("#collection-list .item")) item.classList.toggle("selected", item.dataset.collection === name);
          loadRows();
        }

        async function loadRows() {
          const collection = state.collection;
          const query = new URLSearchParams({ collection: collection.name, offset: collection.offset, limit: collection.limit });
          if (collection.sort) query.set("sort", collection.sort);
          if (collection.descending) query.set("descending", "1");
          let page;
          try {
            page = await api("rows?" + query);
          } catch (error) {
            failure($("collection-view"), error);
            return;
          }
          if (state.collection === collection) renderRows(page);
        }

        function sortBy(column) {
          const collection = state.collection;
          if (collection.sort !== column) {
            collection.sort = column;
            collection.descending = false;
          } else if (!collection.descending) {
            collection.descending = true;
          } else {
            collection.sort = null;
            collection.descending = false;
          }
          collection.offset = 0;
          loadRows();
        }

        function turnPage(direction) {
          const collection = state.collection;
          collection.offset = Math.max(0, collection.offset + direction * collection.limit);
          loadRows();
        }

        function cellNode(cell) {
          if (cell === null) return el("td", { class: "null" }, "null");
          const text = typeof cell === "string" ? cell : JSON.stringify(cell);
          const long = text.length > 80;
          return el("td", { class: typeof cell === "number" ? "number" : null, title: long ? text : null }, long ? text.slice(0, 80) + "…" : text);
        }

        function renderRows(page) {
          const collection = state.collection;
          const header = el("tr", {}, page.columns.map(column => el("th", {
            class: "sortable" + (collection.sort === column ? (collection.descending ? " desc" : " asc") : ""),
            title: "Sort by " + column, onclick: () => sortBy(column)
          }, column)));
          const first = page.total ? page.offset + 1 : 0;
          const last = page.offset + page.rows.length;
          fill($("collection-view"),
            el("div", { class: "title" }, el("h2", {}, collection.name),
               el("span", { class: "muted", id: "rows-range" }, first + "–" + last + " of " + page.total.toLocaleString("en-US"))),
            el("div", { class: "pager" },
              el("button", { type: "button", disabled: collection.offset === 0, onclick: () => turnPage(-1) }, "‹ Previous"),
              el("button", { type: "button", disabled: last >= page.total, onclick: () => turnPage(1) }, "Next ›"),
              el("button", { type: "button", onclick: loadRows }, "Reload")),
            el("div", { class: "grid" }, el("table", { id: "rows-table" }, el("thead", {}, header),
              el("tbody", {}, page.rows.map(row => el("tr", {}, row.map(cellNode)))))),
            page.rows.length ? null : el("p", { class: "empty" }, "No rows."));
        }
        """#
}
