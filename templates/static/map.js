// A phase's map: its variant's base map (static/maps/*.js, shared by every page) and the
// phase's layer (PHASE.map.js) put together, as gm_tools/publish/maplayer.py describes and
// its compose() does in Python. Scripts, not files fetched: a page opened from file:// may
// load scripts but not read files. Without scripts the page shows the PNG instead.
(function () {
  "use strict";
  var bases = {};
  var TAG = /<([A-Za-z][\w:-]*)((?: [\w:-]+="[^"]*")*)(\/?>)/g;
  var ATTR = / ([\w:-]+)="([^"]*)"/g;

  function attributes(text) {
    var found = {}, m;
    ATTR.lastIndex = 0;
    while ((m = ATTR.exec(text)) !== null) found[m[1]] = m[2];
    return found;
  }

  // a base line with its tags' attributes changed: one entry per opening tag, null or the
  // tag's attributes in order ([name] keeps the base's value)
  function patched(line, entries) {
    var out = "", last = 0, k = 0, m;
    TAG.lastIndex = 0;
    while ((m = TAG.exec(line)) !== null) {
      var entry = entries[k++];
      out += line.slice(last, m.index);
      if (entry === null) {
        out += m[0];
      } else {
        var was = attributes(m[2]);
        out += "<" + m[1] + entry.map(function (a) {
          return " " + a[0] + '="' + (a.length === 1 ? was[a[0]] : a[1]) + '"';
        }).join("") + m[3];
      }
      last = TAG.lastIndex;
    }
    return out + line.slice(last);
  }

  function compose(old, steps) {
    var lines = [];
    steps.forEach(function (step) {
      if (typeof step === "string") {
        lines.push(step);
      } else if (typeof step[1] === "number") {
        for (var i = step[0]; i < step[0] + step[1]; i++) lines.push(old[i]);
      } else {
        lines.push(patched(old[step[0]], step.slice(1)));
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
