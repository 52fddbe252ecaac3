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
    var picture = document.createElement("img");
    picture.src = place.getAttribute("data-png");
    picture.alt = "";
    picture.className = "map-png";
    place.replaceChildren(picture);
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
