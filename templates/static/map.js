// A phase's map: its variant's base map (static/maps/*.js, shared by every page) and the
// phase's layer (PHASE.map.js) put together, as gm_tools/publish/maplayer.py describes and
// its compose() does in Python. Scripts, not files fetched: a page opened from file:// may
// load scripts but not read files. Without scripts the page shows the PNG instead.
(function () {
  "use strict";
  var bases = {};
  var TAG = /<([A-Za-z][\w:-]*)((?: [\w:-]+="[^"]*")*)(\/?>)/g;
  var ATTR = / ([\w:-]+)="([^"]*)"/g;

  function pairs(text) {
    var found = [], m;
    ATTR.lastIndex = 0;
    while ((m = ATTR.exec(text)) !== null) found.push([m[1], m[2]]);
    return found;
  }

  // one tag changed: {name: value} for new values of the same attributes, or the attributes
  // in order ([name] keeps the line's value)
  function tag(m, change) {
    var had = pairs(m[2]), text;
    if (Array.isArray(change)) {
      var was = {};
      had.forEach(function (p) { was[p[0]] = p[1]; });
      text = change.map(function (a) { return " " + a[0] + '="' + (a.length === 1 ? was[a[0]] : a[1]) + '"'; });
    } else {
      text = had.map(function (p) {
        return " " + p[0] + '="' + (Object.prototype.hasOwnProperty.call(change, p[0]) ? change[p[0]] : p[1]) + '"';
      });
    }
    return "<" + m[1] + text.join("") + m[3];
  }

  // a line changed piece by piece: text, tag, text, ... each null (as it is) or its change
  function changed(line, patch) {
    var out = "", last = 0, n = 0, m;
    function next() { return n < patch.length ? patch[n++] : (n++, null); }
    TAG.lastIndex = 0;
    while ((m = TAG.exec(line)) !== null) {
      var text = next(), change = next();
      out += (text === null ? line.slice(last, m.index) : text) + (change === null ? m[0] : tag(m, change));
      last = TAG.lastIndex;
    }
    var rest = next();
    return out + (rest === null ? line.slice(last) : rest);
  }

  function compose(old, steps) {
    var lines = [];
    steps.forEach(function (step) {
      if (typeof step === "string") {
        lines.push(step);
      } else if (step.length === 2 && typeof step[1] === "number") {
        for (var i = step[0]; i < step[0] + step[1]; i++) lines.push(old[i]);
      } else {
        lines.push(changed(step[0] >= 0 ? old[step[0]] : lines[-1 - step[0]], step.slice(1)));
      }
    });
    return lines.join("\n");
  }

  window.gmBase = function (name, lines) { bases[name] = lines; };

  // The page's scripts are deferred: they have all run when the document is loaded. A map
  // they could not draw (a base map or layer file missing from the host) is its PNG.
  document.addEventListener("DOMContentLoaded", function () {
    var place = document.getElementById("map-picture");
    if (!place || place.querySelector("svg") || !place.getAttribute("data-png")) return;
    // what the page shows without scripts: the PNG with the provinces' names over it (a
    // <noscript>'s content is its text where scripts run)
    var kept = place.querySelector("noscript"), shown = document.createElement("template");
    shown.innerHTML = kept ? kept.textContent : "";
    if (shown.content.querySelector("img.map-png")) { place.replaceChildren(shown.content); return; }
    var picture = document.createElement("img");
    picture.src = place.getAttribute("data-png");
    picture.alt = "";
    picture.className = "map-png";
    place.replaceChildren(picture);
  });

  // Hovering shows a province's name (its <title>); a touch screen has no hover, and a
  // keyboard none either. A tap (or click) on the map names the province under it, and the
  // map, focused, steps through the provinces by name with the arrow keys; the name is shown
  // at the province and read out by a screen reader (a live region outside the picture).
  function nameable(figure) {
    var svg = figure.querySelector("svg");
    if (!svg || svg.getAttribute("data-names")) return;
    var provinces = Array.prototype.filter.call(svg.querySelectorAll("path[id]"), function (p) {
      return p.querySelector(":scope > title");
    });
    if (!provinces.length) return;
    svg.setAttribute("data-names", "on");
    var title = function (el) { return el.querySelector(":scope > title").textContent; };
    provinces.sort(function (a, b) { return title(a) < title(b) ? -1 : title(a) > title(b) ? 1 : 0; });
    var out = document.createElement("p");
    out.className = "map-name";
    out.setAttribute("aria-live", "polite");
    out.hidden = true;
    figure.insertBefore(out, figure.querySelector("figcaption"));
    var hint = figure.querySelector(".map-hint");
    if (hint) hint.textContent = "Hover or tap a province for its name, or focus the map and step through the provinces with the arrow keys.";
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("aria-label", "Map: tap a province, or use the arrow keys, to hear its name");
    var picked = null;

    function show(province, unit, x, y) {
      if (picked) picked.classList.remove("map-picked");
      picked = province;
      province.classList.add("map-picked");
      out.textContent = title(province) + (unit ? " (" + title(unit) + ")" : "");
      out.hidden = false;
      var box = figure.getBoundingClientRect(), at = province.getBoundingClientRect();
      if (x === undefined) { x = at.left + at.width / 2; y = at.top + at.height / 2; }
      out.style.left = Math.max(0, Math.min(x - box.left, box.width - out.offsetWidth)) + "px";
      out.style.top = Math.max(0, y - box.top - out.offsetHeight - 8) + "px";
    }

    function clear() {
      if (picked) picked.classList.remove("map-picked");
      picked = null;
      out.hidden = true;
    }

    svg.addEventListener("click", function (e) {
      // the province under the point, through any label or unit drawn over it
      var stack = document.elementsFromPoint(e.clientX, e.clientY), province = null, unit = null;
      stack.forEach(function (el) {
        // what is named is the shape or group that holds the <title> (a unit's badge is a group)
        while (el && el !== svg && svg.contains(el) && !el.querySelector(":scope > title")) el = el.parentNode;
        if (!el || el === svg || !svg.contains(el)) return;
        if (el.matches("path[id]")) province = province || el;
        else unit = unit || el;
      });
      if (province) show(province, unit, e.clientX, e.clientY); else clear();
    });
    svg.addEventListener("keydown", function (e) {
      var i = picked ? provinces.indexOf(picked) : -1, n = provinces.length;
      var step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[e.key];
      if (step) i = i < 0 ? (step > 0 ? 0 : n - 1) : (i + step + n) % n;
      else if (e.key === "Home") i = 0;
      else if (e.key === "End") i = n - 1;
      else if (e.key === "Escape") { clear(); return; }
      else return;
      e.preventDefault();
      show(provinces[i]);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("figure.map"), nameable);
  });

  window.gmLayer = function (name, steps) {
    var place = document.getElementById("map-picture");
    if (!place || !bases[name]) return;
    var svg = compose(bases[name], steps);
    place.innerHTML = svg.slice(svg.indexOf("<svg"));
    place.setAttribute("data-svg-length", String(svg.length));
    window.gmPicture = svg;
    var link = document.getElementById("map-svg");
    if (link) {
      link.href = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
      link.parentNode.hidden = false;
    }
  };
})();
