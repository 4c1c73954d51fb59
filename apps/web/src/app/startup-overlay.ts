/** The overlays live in index.html so they show before any script has loaded. */
export function hideLoadingOverlay(): void {
  document.getElementById('app-loading')?.remove();
}

export function showStartupError(reason: string): void {
  hideLoadingOverlay();
  const overlay = document.getElementById('app-error');
  const reasonText = document.getElementById('app-error-reason');
  if (reasonText) reasonText.textContent = reason;
  document.getElementById('app-error-retry')?.addEventListener('click', () => window.location.reload());
  if (overlay) overlay.style.display = 'flex';
}
