// Runs before first paint so a dark-theme user never sees a white flash. Kept in step with src/lib/theme.ts.
(function () {
  var choice = null;
  try { choice = localStorage.getItem('theme'); } catch (e) { /* storage blocked: follow the system */ }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
