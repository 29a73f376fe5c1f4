import { sanitizeRichText } from './rich-text';

describe(sanitizeRichText.name, () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h2 style="text-align: center">Scheme</h2><p>Win <strong>Rs. 3,000</strong> <em>now</em>, <span style="color: #e03131">today</span>.</p>' +
      '<ul><li>One</li></ul><p><a href="https://example.com/terms" target="_blank">terms</a> <img src="/uploads/a.png" alt="A"></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2 style="text-align:center">Scheme</h2><p>Win <strong>Rs. 3,000</strong> <em>now</em>, <span style="color:#e03131">today</span>.</p>' +
        '<ul><li>One</li></ul><p><a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a> <img src="/uploads/a.png" alt="A" /></p>',
    );
  });

  it('drops scripts, event handlers and their content', () => {
    const out = sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><svg onload="alert(3)"></svg><style>p{}</style>');
    expect(out).toBe('<p>Hi</p>');
  });

  it('drops javascript: and data: URLs and protocol-relative links', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a>')).toBe('<a>a</a><a>b</a>');
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<a href="//evil.example/x">c</a>')).toBe('<a>c</a>');
  });

  it('keeps only colours and alignment of CSS: no url(), no expression', () => {
    const out = sanitizeRichText('<p style="background-image: url(https://evil.example/x.png); color: red; position: fixed">x</p><span style="background-color: url(x)">y</span>');
    expect(out).toBe('<p style="color:red">x</p><span>y</span>');
  });

  it('keeps images from the own uploads only: an outside image (a tracking pixel) is dropped', () => {
    const html =
      '<p>A<img src="https://tracker.example/p.gif" width="1" height="1"></p><p>B<img src="http://evil.example/uploads/x.png"></p>' +
      '<p>C<img src="//evil.example/x.png"></p><p>D<img src="/uploads/../../etc/x.png"></p><p>E<img src="/uploads/2026/a.png" alt="ok"></p>';
    expect(sanitizeRichText(html)).toBe('<p>A</p><p>B</p><p>C</p><p>D</p><p>E<img src="/uploads/2026/a.png" alt="ok" /></p>');
  });

  it('turns nothing into an empty string', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText('  ')).toBe('');
  });
});
