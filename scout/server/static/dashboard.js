// scout dashboard: while a mission runs, poll its state (GET /api/missions/{id}) and
// recolour the phase DAG and table; reload once it ends. The page works without this.
// State words come from the page (data-words: the page's language), like its own text.
(function () {
  "use strict";
  var root = document.getElementById("mission");
  if (!root) { return; }
  var id = root.getAttribute("data-mission");
  var INTERVAL_MS = 1000;
  var words = {};
  try { words = JSON.parse(root.getAttribute("data-words") || "{}") || {}; } catch (e) { words = {}; }
  function word(state) {
    return Object.prototype.hasOwnProperty.call(words, state) ? String(words[state]) : state;
  }

  function setState(el, state) {
    if (el && el.getAttribute("data-state") !== state) {
      el.setAttribute("data-state", state);
      el.textContent = word(state);
    }
  }

  function apply(data) {
    var phases = data.phases || {};
    Object.keys(phases).forEach(function (pid) {
      var st = phases[pid] || {};
      var state = String(st.status || "pending");
      var node = null, row = null;
      document.querySelectorAll("svg.dag g.node").forEach(function (g) {
        if (g.getAttribute("data-phase") === pid) { node = g; }
      });
      document.querySelectorAll("table.phases tr[data-phase]").forEach(function (tr) {
        if (tr.getAttribute("data-phase") === pid) { row = tr; }
      });
      if (node) {
        node.setAttribute("data-state", state);
        var label = node.querySelector(".state");
        if (label) { label.textContent = word(state); }
      }
      if (row) {
        setState(row.querySelector(".status"), state);
        var att = row.querySelector(".attempts");
        if (att) { att.textContent = String(st.attempts || 0); }
        var items = row.querySelector(".items");
        if (items && st.items) { items.textContent = st.items.ok + "/" + st.items.total; }
      }
    });
    var status = String(data.status || "");
    setState(document.getElementById("mission-status"), status);
    root.setAttribute("data-status", status);
    return status;
  }

  function poll() {
    // every phase (the API answers 100 unless asked): the page shows them all
    fetch("/api/missions/" + encodeURIComponent(id) + "?phases=10000",
          {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) { return; }
        if (apply(data) === "running") { window.setTimeout(poll, INTERVAL_MS); }
        else { window.location.reload(); }
      })
      .catch(function () { window.setTimeout(poll, INTERVAL_MS * 5); });
  }

  if (root.getAttribute("data-status") === "running") { window.setTimeout(poll, INTERVAL_MS); }
}());
