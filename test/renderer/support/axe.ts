/**
 * axe-core on the rendered document (happy-dom), as every renderer test audits a screen: colour
 * contrast left to the e2e audit in Chromium (it needs a real layout), and only violations
 * worked out in full — passes and selectors are not asked for, which is most of axe's time on a
 * screen, and a long walk through every screen stays well inside a test's budget on a loaded
 * machine. Each violation is one line: the screen's name, the rule, the elements' HTML.
 */
import axe from 'axe-core';

export async function axeViolations(screenName?: string): Promise<string[]> {
  const result = await axe.run(document.documentElement, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
    selectors: false,
    ancestry: false,
    xpath: false,
  });
  return result.violations.map(
    (v) =>
      `${screenName ? `${screenName}: ` : ''}${v.id} — ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
  );
}
