import { describe, expect, it } from 'vitest';
import { nbspAmounts, panelHtml, repeatsTitle } from './panelHtml';

describe('panelHtml', () => {
  it('drops a leading heading that repeats the panel title', () => {
    expect(panelHtml('\n<h2>Terms and Conditions</h2>\n<ol><li>One</li></ol>', 'Terms and Condition')).toBe('\n<ol><li>One</li></ol>');
    expect(panelHtml('<h3 style="x">Privacy <em>Policy</em></h3><p>We</p>', 'Privacy Policy')).toBe('<p>We</p>');
  });

  it('keeps a heading that says something else, and headings further down', () => {
    const scheme = '<h2>Campaign 2082: every rider wins</h2><p>Pre-register</p>';
    expect(panelHtml(scheme, 'Scheme Details')).toBe(scheme);
    const later = '<p>Intro</p><h2>Privacy Policy</h2>';
    expect(panelHtml(later, 'Privacy Policy')).toBe(later);
  });

  it('binds Rs. to its amount', () => {
    expect(panelHtml('<p>from Rs. 3,000 up to Rs.&nbsp;1,00,000 and Rs.  ९००</p>', 'Scheme Details')).toBe(
      '<p>from Rs.\u00a03,000 up to Rs.\u00a01,00,000 and Rs.\u00a0९००</p>',
    );
    expect(nbspAmounts('Rs. is the currency')).toBe('Rs. is the currency');
    expect(nbspAmounts('रु. ५,००० मात्र')).toBe('रु.\u00a0५,००० मात्र');
  });

  it('compares titles by their letters only', () => {
    expect(repeatsTitle('TERMS & CONDITION', 'Terms and Condition')).toBe(false);
    expect(repeatsTitle('Scheme details:', 'Scheme Details')).toBe(true);
    expect(repeatsTitle('', 'Scheme Details')).toBe(false);
  });
});
