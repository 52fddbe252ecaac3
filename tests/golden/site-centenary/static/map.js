// A phase's map: its variant's base map (static/maps/*.js, shared by every page) and the
// phase's layer (PHASE.map.js) put together, as gm_tools/publish/maplayer.py describes and
// its compose() does in Python. Scripts, not files fetched: a page opened from file:// may
// load scripts but not read files. Without scripts the page shows the PNG instead.
(function () {
  "use strict";
  var bases = {};
  var TAG = /^<([A-Za-z][\w:-]*)((?: [\w:-]+="[^"]*")*)(\/?>)/;
  var ATTR = / ([\w:-]+)="([^"]*)"/g;

  function attributes(text) {
    var found = {}, m;
    ATTR.lastIndex = 0;
    while ((m = ATTR.exec(text)) !== null) found[m[1]] = m[2];
    return found;
  }

  function compose(old, steps) {
    var lines = [];
    steps.forEach(function (step) {
      if (typeof step === "string") {
        lines.push(step);
      } else if (typeof step[1] === "number") {
        for (var i = step[0]; i < step[0] + step[1]; i++) lines.push(old[i]);
      } else {
        var line = old[step[0]], tag = TAG.exec(line), was = attributes(tag[2]);
        var attrs = step[1].map(function (a) {
          return " " + a[0] + '="' + (a.length === 1 ? was[a[0]] : a[1]) + '"';
        }).join("");
        lines.push("<" + tag[1] + attrs + tag[3] + line.slice(tag[0].length));
      }
    });
    return lines.join("\n");
  }

  window.gmBase = function (name, lines) { bases[name] = lines; };

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
