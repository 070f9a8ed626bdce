/**
 * axe-core in a page: {@link runAxe} injects `node_modules/axe-core/axe.min.js` (once per document) with
 * `page.addScriptTag` (or, where the app's CSP `script-src 'self'` refuses the inline tag, by evaluating
 * the same file) and runs it over the whole document with the WCAG 2 A and AA rules and axe's best
 * practices ({@link AXE_TAGS}, plus {@link AXE_EXTRA_RULES}). {@link formatViolations} prints what failed:
 * the rule, its impact, the target selectors of each node and the rule's help text.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';

/** The minified axe-core build the page runs. */
export const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The rule sets run: WCAG 2.0 A and AA, and axe's best practices. */
export const AXE_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'best-practice'];

/**
 * Rules run on top of {@link AXE_TAGS}: `label-content-name-mismatch` (WCAG 2.1 2.5.3, "Label in Name": a
 * button's accessible name must contain its visible text, so a voice user can say what they see) is
 * tagged `wcag21a` and experimental, so the tags alone would skip it.
 */
export const AXE_EXTRA_RULES: readonly string[] = ['label-content-name-mismatch'];

/** axe's impact levels, mildest first. */
export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One failing element of a rule. */
export interface AxeNode {
  /** axe's selector path to the element (one entry per frame or shadow root on the way). */
  readonly target: readonly string[];
  readonly impact: AxeImpact | null;
  /** What to fix, as axe words it. */
  readonly failureSummary: string;
}

/** One rule that failed, with the elements that fail it. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: AxeImpact | null;
  readonly help: string;
  readonly helpUrl: string;
  readonly nodes: readonly AxeNode[];
}

/** Whether an impact makes a scan fail (serious or critical). */
export function isBlocking(impact: AxeImpact | null): boolean {
  return impact === 'serious' || impact === 'critical';
}

/** What one scan found. */
export interface AxeScan {
  /** The rules that failed. */
  readonly violations: AxeViolation[];
  /**
   * The rules axe could not decide on some elements ("incomplete": e.g. a contrast over a gradient or an
   * image), for a human to check; never a failure.
   */
  readonly needsReview: AxeViolation[];
}

/**
 * Runs axe over the page's document (injecting it first when this document has none) and resolves with
 * the rules that failed, and those it left for a human to review.
 */
export async function runAxe(page: Page): Promise<AxeScan> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) {
    try {
      await page.addScriptTag({ path: AXE_SOURCE });
    } catch (error) {
      // The app's Content-Security-Policy (`script-src 'self'`) refuses an inline script tag: evaluate the
      // same source through the DevTools protocol instead, which the policy does not govern.
      if (!String(error).includes('Content Security Policy')) throw error;
      await page.evaluate(`${readFileSync(AXE_SOURCE, 'utf8')}\n;undefined`);
    }
  }
  return page.evaluate(
    async ([tags, extra]) => {
      interface AxeResultNode {
        target: unknown[];
        impact?: string | null;
        failureSummary?: string;
      }
      interface AxeResult {
        id: string;
        impact?: string | null;
        help: string;
        helpUrl: string;
        nodes: AxeResultNode[];
      }
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: Document,
              options: {
                runOnly: { type: 'tag'; values: string[] };
                rules: Record<string, { enabled: boolean }>;
                resultTypes: string[];
              },
            ) => Promise<{ violations: AxeResult[]; incomplete: AxeResult[] }>;
          };
        }
      ).axe;
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extra.map((rule) => [rule, { enabled: true }])),
        resultTypes: ['violations', 'incomplete'],
      });
      const plain = (violation: AxeResult) => ({
        id: violation.id,
        impact: (violation.impact ?? null) as AxeImpact | null,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))),
          impact: (node.impact ?? null) as AxeImpact | null,
          failureSummary: node.failureSummary ?? '',
        })),
      });
      return { violations: results.violations.map(plain), needsReview: results.incomplete.map(plain) };
    },
    [AXE_TAGS as string[], AXE_EXTRA_RULES as string[]] as const,
  );
}

/**
 * The violations as text, one rule per block: `rule (impact): help`, the help URL, then each failing
 * node's target selectors. `where` heads the text (e.g. "/tailspin at 375 px, signed in").
 */
export function formatViolations(where: string, violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no violations`;
  const blocks = violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `    - ${node.target.join(' ')}`).join('\n');
    return `  ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
  });
  return `${where}:\n${blocks.join('\n')}`;
}
