// Small conveniences on every page; each page reads fine without them.
"use strict";

(function () {
  document.documentElement.classList.add("js");
  document.querySelectorAll("button.copy[data-copy]").forEach((button) => {
    button.addEventListener("click", async () => {
      const source = document.querySelector(button.dataset.copy);
      if (!source) return;
      try {
        await navigator.clipboard.writeText(source.textContent.trim());
        const before = button.textContent;
        button.textContent = button.dataset.copied || before;
        setTimeout(() => { button.textContent = before; }, 1500);
      } catch (error) {
        const range = document.createRange();
        range.selectNodeContents(source);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
    });
  });
  // A badge still pending (a long campaign's first verification): ask again until it has an answer.
  let tries = 0;
  async function poll() {
    const badge = document.getElementById("badge");
    if (!badge || !badge.classList.contains("pending") || tries++ > 60) return;
    try {
      const response = await fetch(badge.dataset.badgeUrl, { credentials: "same-origin" });
      if (response.ok) {
        const holder = document.createElement("div");
        holder.innerHTML = await response.text();
        const fresh = holder.querySelector("#badge");
        if (fresh && fresh.dataset.version === badge.dataset.version) badge.replaceWith(fresh);
      }
    } catch (error) { /* the next try */ }
    setTimeout(poll, 2000);
  }
  setTimeout(poll, 1000);
})();
