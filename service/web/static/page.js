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
})();
