import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe';
import { newContext, screenshot, settle } from '../support/browser';
import { englishNames } from '../support/english-names';
import { walkFocus, type FocusStop } from '../support/focus-walk';
import { brokenDates, cutHeadings, cutValues, measureOverflow } from '../support/reflow';
import { prepareScreenData, SCREENS, type ScreenData } from '../support/screens';
import { DEMO_USERS, expectPath, sideMenu, type DemoUser } from '../support/session';
import { signedInPage, useBrowser, type SignedInPage } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

/** The whole page, frame included, once its motion has ended. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const WIDE = { width: 1366, height: 800 };
/** The narrowest screen WCAG 1.4.10 asks to reflow for: 320 CSS px. */
const NARROW = { width: 320, height: 640 };

/** The two pictures of each stop that does not show the focus, for a person to look at. */
function keepPictures(screen: string, stops: FocusStop[]): void {
  const folder = join(import.meta.dirname, '..', 'screenshots', 'focus');
  stops.forEach((stop, index) => {
    if (!stop.focusedImage || !stop.unfocusedImage) return;
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${screen}-${index}-focused.png`), stop.focusedImage);
    writeFileSync(join(folder, `${screen}-${index}-unfocused.png`), stop.unfocusedImage);
  });
}

/** Describes the focused element: enough to know where Tab went and whether the focus is drawn. */
function focused(page: Page) {
  return page.evaluate(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.textContent ?? '').trim(),
      inSideMenu: Boolean(element.closest('nav[aria-label="Menú principal"]')),
      isUserMenu: element.matches('[data-testid="user-menu"]'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      boxShadow: style.boxShadow !== 'none',
    };
  })()`) as Promise<{
    tag: string;
    text: string;
    inSideMenu: boolean;
    isUserMenu: boolean;
    outline: boolean;
    boxShadow: boolean;
  } | null>;
}

/** Each screen names itself once: one level-1 heading a screen reader lists (dialogs included). */
async function expectOneH1(page: Page): Promise<void> {
  const titulos = await page.getByRole('heading', { level: 1 }).allInnerTexts();
  expect(titulos).toHaveLength(1);
}

describe('accessibility (axe-core, WCAG 2.1 AA) and keyboard', () => {
  it('login page, with and without the error message', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${webUrl}/`);
    await page.locator('#username').waitFor();
    await expectNoSeriousViolations(page);

    await page.locator('#username').fill(DEMO_USERS.gestor.username);
    await page.locator('#password').fill('no-es-la-contraseña');
    await page.locator('#kc-login').click();
    await page.locator('#input-error').waitFor();
    await expectNoSeriousViolations(page);
    await context.close();
  });

  describe('every screen (support/screens.ts)', () => {
    const pages = new Map<DemoUser, Promise<SignedInPage>>();
    let data: ScreenData;
    const pageOf = (user: DemoUser = 'gestor') => {
      if (!pages.has(user)) pages.set(user, signedInPage(browser(), user, '/', { waitForToken: true }));
      return pages.get(user)!.then(({ page }) => page);
    };

    beforeAll(async () => {
      const gestor = await pageOf('gestor');
      const { token } = await pages.get('gestor')!;
      data = await prepareScreenData(gestor, token());
    });
    afterAll(async () => {
      for (const signedIn of pages.values()) await (await signedIn).page.context().close();
    });

    /** Walks the page by keyboard: every stop must show the focus. */
    async function expectFocusDrawnEverywhere(page: Page, screen: string): Promise<void> {
      const stops = await walkFocus(page);
      keepPictures(screen, stops);
      expect(stops.length).toBeGreaterThan(0);
      const undrawn = stops
        .filter((stop) => stop.problem)
        .map(({ element, problem, changedPixels, requiredPixels }) => ({
          element,
          problem,
          pixels: `${changedPixels} of ${requiredPixels}`,
        }));
      expect(undrawn).toEqual([]);
    }

    // One entry of SCREENS per screen state: a new screen joins every check below.
    describe.each(SCREENS)('$name', (screen) => {
      if (!screen.narrowOnly) {
        it('at 1366 px: axe, nothing announced in English, the focus drawn at every Tab stop', async () => {
          const page = await pageOf(screen.user);
          await page.setViewportSize(WIDE);
          await screen.open(page, data, webUrl);
          await expectOneH1(page);
          await expectNoSeriousViolations(page);
          expect(await englishNames(page)).toEqual([]);
          await expectFocusDrawnEverywhere(page, screen.name);
        });
      }

      it('at 320 px: reflows without scrolling sideways, nothing cut; axe; nothing announced in English', async () => {
        const page = await pageOf(screen.user);
        await page.setViewportSize(NARROW);
        await screen.open(page, data, webUrl);
        await expectOneH1(page);
        // From the top: a full-page picture of a scrolled page draws the sticky header halfway down.
        await page.evaluate('window.scrollTo(0, 0)');
        await settle(page);
        // A dialog stays in the window: the whole page behind it would only add an empty mask.
        const dialogOpen = (await page.locator('.ant-modal-wrap:visible').count()) > 0;
        await screenshot(page, `accesibilidad-320-${screen.name}`, { fullPage: !dialogOpen });
        const overflow = await measureOverflow(page);
        expect(overflow.scrollWidth, overflow.culprits.join('\n')).toBeLessThanOrEqual(overflow.viewportWidth);
        expect(overflow.cutOnTheLeft).toEqual([]);
        expect(await brokenDates(page)).toEqual([]);
        expect(await cutValues(page)).toEqual([]);
        expect(await cutHeadings(page)).toEqual([]);
        await expectNoSeriousViolations(page);
        expect(await englishNames(page)).toEqual([]);
        if (screen.narrowOnly) await expectFocusDrawnEverywhere(page, screen.name);
      });
    });
  });

  it('works by keyboard: Tab reaches the menu and the user menu, Enter opens it, Escape closes Perfil, focus is drawn', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    await page.locator('a[data-cifra="abiertos"]').waitFor();
    await sideMenu(page).getByRole('link', { name: 'Inicio' }).waitFor();
    await page.evaluate('document.activeElement?.blur()');

    const stops: NonNullable<Awaited<ReturnType<typeof focused>>>[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      if (stop) stops.push(stop);
    }
    const menuLinks = stops.filter((stop) => stop.inSideMenu && stop.tag === 'a').map((stop) => stop.text);
    expect(menuLinks).toContain('Inicio');
    expect(menuLinks).toContain('Expedientes');
    expect(stops.some((stop) => stop.isUserMenu)).toBe(true);
    // Every stop shows where the focus is.
    expect(stops.filter((stop) => !stop.outline && !stop.boxShadow)).toEqual([]);

    // Back to the user menu by keyboard, then Enter opens it.
    await page.evaluate('document.activeElement?.blur()');
    let onUserMenu = false;
    for (let i = 0; i < 40 && !onUserMenu; i++) {
      await page.keyboard.press('Tab');
      onUserMenu = Boolean((await focused(page))?.isUserMenu);
    }
    expect(onUserMenu).toBe(true);
    await page.keyboard.press('Enter');
    const perfilItem = page.getByRole('menuitem', { name: 'Perfil' });
    await perfilItem.waitFor();
    await perfilItem.focus();
    await page.keyboard.press('Enter');
    const perfil = page.getByRole('dialog', { name: 'Perfil' });
    await perfil.getByText(DEMO_USERS.gestor.apellidos).waitFor();
    await page.keyboard.press('Escape');
    await perfil.waitFor({ state: 'hidden' });
    // Perfil was opened from a menu that is gone: the focus goes back to the button that opened it.
    await expect.poll(() => focused(page).then((stop) => stop?.isUserMenu)).toBe(true);

    // A menu link by keyboard navigates.
    await sideMenu(page).getByRole('link', { name: 'Expedientes' }).focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/expedientes');
    await page.context().close();
  });

  it('the skip link is the first Tab stop and takes the focus past the header and the menu to the title', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/expedientes');
    await page.locator('.expedientes-row').first().or(page.getByText('No hay expedientes')).first().waitFor();
    await page.evaluate('document.activeElement?.blur()');
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Saltar al contenido principal' });
    await expect.poll(() => skipLink.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skipLink.boundingBox();
    expect(box && box.width > 100 && box.y >= 0).toBe(true);

    await page.keyboard.press('Enter');
    const title = page.getByRole('heading', { name: 'Expedientes' });
    await expect.poll(() => title.evaluate((heading) => heading === document.activeElement)).toBe(true);
    expect(new URL(page.url()).hash).toBe('');
    // The next Tab goes on inside the view, not back through the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.closest("main") !== null')).toBe(true);
    await page.context().close();
  });

  it('when «Pasar a trámite» removes the button that opened its dialog, the focus goes to the title', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const { expediente } = await prepareScreenData(page, token());
    await page.goto(`${webUrl}/expedientes/ver/${expediente.id}`);
    const abrir = page.getByTestId('expediente-acciones').getByRole('button', { name: 'Pasar a trámite' });
    await abrir.waitFor({ timeout: 30_000 });
    // By keyboard, as a person who cannot use a pointer.
    await page.keyboard.press('Tab');
    await abrir.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '¿Pasar el expediente a trámite?' });
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Pasar a trámite' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await abrir.waitFor({ state: 'detached' });

    const title = page.getByRole('heading', { name: expediente.numero });
    await expect.poll(() => title.evaluate((heading) => heading === document.activeElement)).toBe(true);
    expect(await title.evaluate((heading) => heading.matches(':focus-visible'))).toBe(true);
    await page.context().close();
  });

  it('the bell says it opens a dialog and whether it is open; Tab goes through the panel and back to the bell', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/');
    const bell = page.getByRole('button', { name: 'Notificaciones' });
    expect(await bell.getAttribute('aria-haspopup')).toBe('dialog');
    expect(await bell.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Tab');
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    await panel.waitFor();
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('true');
    const region = panel.getByRole('region', { name: 'Sus notificaciones' });
    await region.waitFor();

    await page.keyboard.press('Tab');
    await expect.poll(() => panel.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => region.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    const verTodas = panel.getByRole('link', { name: 'Ver todas las notificaciones' });
    await expect.poll(() => verTodas.evaluate((element) => element === document.activeElement)).toBe(true);
    // Past the panel's last element: closed, and the focus is back on the bell.
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => bell.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await bell.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it("a select's clear button is a Tab stop named in Spanish, shown when focused, and clears by keyboard", async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const { expediente } = await prepareScreenData(page, token());
    await page.goto(`${webUrl}/subir-documentos?expediente=${expediente.id}`);
    await page.getByText(`${expediente.numero} — ${expediente.asunto}`).waitFor({ timeout: 30_000 });

    await page.keyboard.press('Tab');
    await page.getByRole('combobox', { name: 'Expediente de destino' }).focus();
    await page.keyboard.press('Tab');
    const clear = page.getByRole('button', { name: 'Quitar el expediente de destino' });
    await expect.poll(() => clear.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect.poll(() => clear.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');

    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('expediente')).toBe(null);
    await page.getByText('Busque por número, asunto o interesado').waitFor();
    await page.context().close();
  });
});
