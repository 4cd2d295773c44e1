import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  check,
  decisionRecords,
  missingAnchors,
  numberedCitations,
  productAnchors,
  productSections,
  rewriteCitations,
} from './doc-anchors.mjs';

const S = '\u00a7'; // the section sign, so that this file cites nothing itself
const PRODUCT = ['# Rules', `## 2. Screens <a id="screens"></a>`, `## 4. States <a id="states"></a>`, '## 9. Limits'].join('\n');

describe('citations of product.md', () => {
  const sections = productSections(PRODUCT);

  it('reads each numbered section with its anchor', () => {
    expect(sections).toEqual([
      { number: 2, id: 'screens', title: 'Screens' },
      { number: 4, id: 'states', title: 'States' },
      { number: 9, id: null, title: 'Limits' },
    ]);
    expect(productAnchors(PRODUCT)).toEqual(new Set(['screens', 'states']));
  });

  it.each([
    [`/** Rows (product.md ${S}2). */`, '/** Rows (product.md#screens). */'],
    [`(product.md ${S}2, ${S}4): x`, '(product.md#screens, product.md#states): x'],
    [`product.md ${S}2 admin, ${S}4 / ${S}4.`, 'product.md#screens admin, product.md#states / product.md#states.'],
    [`product.md ${S}4 (issue 12 ${S}2, ${S}4; RFC 3986 ${S}2)`, `product.md#states (issue 12 ${S}2, ${S}4; RFC 3986 ${S}2)`],
    [`issue 26 ${S}2, then product.md ${S}2`, `issue 26 ${S}2, then product.md#screens`],
    [`RFC 3986 ${S}6.2.2.2 and issue 25 ${S}4`, `RFC 3986 ${S}6.2.2.2 and issue 25 ${S}4`],
    [`(${S}2) on its own line refers to nothing known`, `(${S}2) on its own line refers to nothing known`],
  ])('%s → %s', (input, output) => {
    expect(rewriteCitations(input, sections)).toBe(output);
  });

  it('in product.md itself, links a bare number to its section by title', () => {
    expect(rewriteCitations(`calendar (${S}2, decision 011)`, sections, { isProduct: true })).toBe(
      'calendar ([Screens](#screens), decision 011)',
    );
  });

  it('refuses a section without an anchor, and finds cited anchors that do not exist', () => {
    expect(() => rewriteCitations(`product.md ${S}9`, sections)).toThrow(/section 9/);
    expect(numberedCitations(`product.md ${S}9`)).toHaveLength(1);
    const anchors = productAnchors(PRODUCT);
    expect(missingAnchors('product.md#screens and product.md#rounding', anchors)).toEqual(['rounding']);
    expect(missingAnchors('see [States](#states) and [x](#gone)', anchors, { isProduct: true })).toEqual(['gone']);
  });
});

describe('the repository', () => {
  it('cites product.md only by anchors it defines, never by section number; every decision has a status and is indexed', async () => {
    expect(await check()).toEqual([]);
  });

  it('gives every numbered section of product.md an anchor', () => {
    const sections = productSections(readFileSync('docs/product.md', 'utf8'));
    expect(sections.length).toBeGreaterThanOrEqual(17);
    expect(sections.filter((s) => !s.id)).toEqual([]);
  });

  it('lists every decision record in docs/decisions/README.md, and has a template', () => {
    const readme = readFileSync('docs/decisions/README.md', 'utf8');
    const records = decisionRecords();
    expect(records.length).toBeGreaterThanOrEqual(29);
    for (const r of records) expect(readme, r.file).toContain(`(${r.file})`);
    expect(existsSync('docs/decisions/000-template.md')).toBe(true);
  });
});
