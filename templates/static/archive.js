/* The archive's index (index.html): a box that filters its table of games and a button in each
   column's header that sorts it. Both are made here, so the page without this script is the
   whole table as the site writes it, with nothing on it that does nothing. No network, no
   framework: the rows are already in the page. */
(function () {
  "use strict";
  var table = document.querySelector("table.games");
  if (!table || !table.tHead || !table.tBodies.length) return;
  var body = table.tBodies[0];
  var heads = [].slice.call(table.tHead.rows[0].cells);
  var rows = [].slice.call(body.rows);

  // case and accents ignored: "koln" finds "Köln"
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  // a row is found by the words of its cells under a header marked data-find (its name,
  // variant, status, winner and players), read once
  var searched = heads.map(function (th, i) { return th.hasAttribute("data-find") ? i : -1; })
    .filter(function (i) { return i >= 0; });
  var words = rows.map(function (row) {
    return fold(searched.map(function (i) { return row.cells[i].textContent; }).join("\n"));
  });

  var box = document.createElement("div");
  box.className = "filter";
  var label = document.createElement("label");
  label.htmlFor = "filter";
  label.textContent = "Filter games";
  var input = document.createElement("input");
  input.type = "search";
  input.id = "filter";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("aria-describedby", "filter-help");
  var help = document.createElement("span");
  help.id = "filter-help";
  help.className = "muted";
  help.textContent = "by name, variant, status, winner or player";
  var status = document.createElement("p");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  box.append(label, input, help, status);
  var scroller = table.closest(".scroll") || table;
  scroller.parentNode.insertBefore(box, scroller);

  function count(shown) {
    status.textContent = shown + " of " + rows.length + (rows.length === 1 ? " game" : " games");
  }
  function filter() {
    var wanted = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row, r) {
      var match = wanted.every(function (w) { return words[r].indexOf(w) >= 0; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    count(shown);
  }
  input.addEventListener("input", function () { filter(); remember(); });
  count(rows.length);

  // sorting: numbers as numbers, a date by its <time datetime>, words as a reader orders them
  var collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  function key(cell, kind) {
    if (kind === "num") {
      var n = parseFloat(cell.textContent);
      return isNaN(n) ? -Infinity : n;
    }
    if (kind === "date") {
      var time = cell.querySelector("time");
      return time ? time.getAttribute("datetime") : "";
    }
    return cell.textContent.trim();
  }
  var sorted = -1, ascending = true;
  function sortBy(i, up) {
    ascending = up;
    sorted = i;
    var kind = heads[i].getAttribute("data-sort");
    var keyed = rows.map(function (row, r) { return [key(row.cells[i], kind), r, row]; });
    keyed.sort(function (a, b) {
      var c = kind ? (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) : collator.compare(a[0], b[0]);
      return (ascending ? c : -c) || a[1] - b[1];  // a tie keeps the site's order
    });
    var rest = document.createDocumentFragment();
    keyed.forEach(function (k) { rest.appendChild(k[2]); });
    body.appendChild(rest);
    heads.forEach(function (th, j) {
      if (j === i) th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    });
  }
  // a column is named in the address by its header's first word: "phases", "last", "game"
  var names = heads.map(function (th) { return fold(th.textContent.trim()).split(/\s+/)[0]; });
  heads.forEach(function (th, i) {
    var button = document.createElement("button");
    button.type = "button";
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener("click", function () {
      sortBy(i, sorted === i ? !ascending : true);
      remember();
    });
  });

  // The filter and the sort live in the address's query (index.html?q=westphalia&sort=phases-desc),
  // so a bookmark, a shared link or the back button from a game opens the table as it was left.
  // The query, not the fragment: the fragment is the skip link's (#main), which would wipe it,
  // and a file:// address keeps its query (the file is found by its path alone), so the site
  // opened from a disk round-trips too. replaceState: no history entry per keystroke.
  function remember() {
    var query = [];
    if (input.value) query.push("q=" + encodeURIComponent(input.value));
    if (sorted >= 0) query.push("sort=" + names[sorted] + (ascending ? "-asc" : "-desc"));
    var search = query.length ? "?" + query.join("&") : "";
    if (search !== location.search) {
      history.replaceState(history.state, "", location.pathname + search + location.hash);
    }
  }
  // read back on load: a bookmark, a shared link, or back to a page the browser did not keep
  // (one its back-forward cache kept comes back as it was left, address and table alike). A
  // value that cannot be read (an unterminated escape, a column that is not there) is left out.
  location.search.slice(1).split("&").forEach(function (pair) {
    var at = pair.indexOf("="), value;
    try {
      value = decodeURIComponent(pair.slice(at + 1).replace(/\+/g, " "));
    } catch (e) {
      return;
    }
    var name = at < 0 ? "" : pair.slice(0, at);
    if (name === "q") {
      input.value = value;
      filter();
    } else if (name === "sort") {
      var m = /^(.+)-(asc|desc)$/.exec(value), i = m ? names.indexOf(m[1]) : -1;
      if (i >= 0) sortBy(i, m[2] === "asc");
    }
  });
})();
