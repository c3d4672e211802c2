// Live pages: new events appear without a reload (EventSource on /campaigns/{id}/stream).
//
// The stream says which events committed; the page asks the server for their rows (the same HTML as a
// reload would give) and appends them. A correction (undo, redo, retract, reinstate) changes rows already
// shown, so the whole region is fetched again. The browser reconnects by itself, sending Last-Event-ID,
// and the stream resumes after it: nothing is missed (the server closes every stream after its maximum life,
// 15 minutes, and this is how the page carries on). Without JavaScript the pages are the same, static.
"use strict";

(function () {
  const timeline = document.getElementById("timeline");
  const region = document.getElementById("live-region");
  const status = document.getElementById("live-status");
  const target = timeline || region;
  if (!target || !window.EventSource) return;
  const mode = target.dataset.live;
  if (mode === "no" && !timeline) return;

  let pending = false;
  let corrected = false;
  let unseen = 0;

  async function fetchHtml(url) {
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(String(response.status));
    return response.text();
  }

  function withParam(url, name, value) {
    const parsed = new URL(url, window.location.href);
    parsed.searchParams.set(name, value);
    return parsed.pathname + parsed.search;
  }

  async function refreshBadge(doc) {
    const badge = document.getElementById("badge");
    if (!badge) return;
    let fresh = doc ? doc.getElementById("badge") : null;
    if (!fresh) {
      const parsed = new DOMParser().parseFromString(await fetchHtml(window.location.href), "text/html");
      fresh = parsed.getElementById("badge");
    }
    if (fresh) badge.replaceWith(document.importNode(fresh, true));
  }

  async function update() {
    pending = false;
    if (timeline && mode === "yes" && !corrected) {
      const html = await fetchHtml(withParam(timeline.dataset.rowsUrl, "after", timeline.dataset.after));
      const holder = document.createElement("div");
      holder.innerHTML = html;
      const blocks = holder.querySelectorAll("section.block");
      if (blocks.length) {
        const empty = timeline.querySelector("p.empty");
        if (empty) empty.remove();
        while (holder.firstChild) timeline.appendChild(holder.firstChild);
        timeline.dataset.after = blocks[blocks.length - 1].dataset.lastSeq;
      }
      await refreshBadge(null);
      return;
    }
    corrected = false;
    const doc = new DOMParser().parseFromString(await fetchHtml(window.location.href), "text/html");
    const fresh = doc.getElementById(target.id);
    if (fresh) {
      target.innerHTML = fresh.innerHTML;
      Object.assign(target.dataset, fresh.dataset);
    }
    await refreshBadge(doc);
  }

  function schedule() {
    if (pending) return;
    pending = true;
    setTimeout(() => { update().catch(() => { pending = false; }); }, 150);
  }

  const source = new EventSource(target.dataset.streamUrl, { withCredentials: true });
  source.onopen = () => {
    if (status && mode === "yes") status.textContent = status.dataset.text;
  };
  source.onmessage = (message) => {
    let record = null;
    try { record = JSON.parse(message.data); } catch (error) { return; }
    if (timeline && mode !== "yes") {
      unseen += 1;
      status.innerHTML = "";
      const link = document.createElement("a");
      link.href = timeline.dataset.newestUrl;
      link.textContent = timeline.dataset.newTemplate.replace("{n}", String(unseen));
      status.appendChild(link);
      return;
    }
    if (record && record.data && (record.data.voids || record.data.restores)) corrected = true;
    schedule();
  };
  // The server ends the stream with an `event: revoked` frame when the reader's share link (or token) no
  // longer opens the campaign: stop for good, say why, and do not let the browser reconnect every 2 s.
  source.addEventListener("revoked", (message) => {
    source.close();
    if (!status) return;
    let detail = "";
    try { detail = JSON.parse(message.data).detail || ""; } catch (error) { detail = ""; }
    status.textContent = detail;  // the server's sentence, in the language the page was asked in
    status.dataset.ended = "yes";
  });
  window.addEventListener("pagehide", () => source.close());
})();
