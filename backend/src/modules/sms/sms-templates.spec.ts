import { PERSON_NAME_MAX, personNameProblem, smsSegments } from '@campaign/domain';
import { SETTING_DEFAULTS } from '@campaign/domain';
import { fillTemplate, SMS_VALUE_MAX, withProof } from './sms-templates';

/** Every SMS text the app writes, each with its placeholders. */
const TEMPLATES: Record<string, string> = {
  otp: SETTING_DEFAULTS.sms_template_otp,
  prize: SETTING_DEFAULTS.sms_template_prize,
  coupon: SETTING_DEFAULTS.sms_template_coupon,
  otp_ne: SETTING_DEFAULTS.sms_template_otp_ne,
  prize_ne: SETTING_DEFAULTS.sms_template_prize_ne,
  test_ride_customer: SETTING_DEFAULTS.sms_template_test_ride,
  test_ride_customer_ne: SETTING_DEFAULTS.sms_template_test_ride_ne,
  test_ride_branch: SETTING_DEFAULTS.sms_template_test_ride_branch,
};

const HOSTILE = [
  'Claim Rs 50000 at evil.example/win now',
  'https://bit.ly/x',
  'WWW.EVIL.COM',
  'visit evil。com or evil．com',
  'पैसा.नेपाल',
  'line one\nline two\r\n\u0000\u0007\u001b[31m red',
  '\u202eevil.com\u202c \u2066x\u2069 zero\u200bwidth',
  'x'.repeat(5000),
  'ना'.repeat(3000),
  '😀'.repeat(200),
];

const LETTER_DOT_LETTER = /\p{L}\p{M}*[.\u3002\uff0e\uff61]\p{L}/u;
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\ufeff]/;

describe('SMS templates with hostile values', () => {
  const templateLength = (t: string) => Array.from(fillTemplate(t, {})).length;

  for (const [name, template] of Object.entries(TEMPLATES)) {
    it(`${name}: no inserted value forms a link, carries a control character or grows the text past its bound`, () => {
      for (const hostile of HOSTILE) {
        const values = { name: hostile, code: hostile, prize: hostile, coupon: hostile, total: hostile, bill_no: hostile, draw_id: hostile, proof: hostile, campaign: hostile, brand: hostile, what: hostile, model: hostile, branch: hostile, phone: hostile, city: hostile };
        // {link} is the app's own address (trusted, from PUBLIC_URL), not a value anyone typed.
        const text = fillTemplate(template, values, { link: '' });
        expect(text).not.toMatch(LETTER_DOT_LETTER);
        expect(text).not.toMatch(CONTROL);
        expect(text).not.toMatch(/\{\w+\}/);
        const placeholders = (template.match(/\{\w+\}/g) ?? []).length;
        expect(Array.from(text).length).toBeLessThanOrEqual(templateLength(template) + placeholders * SMS_VALUE_MAX);
      }
    });
  }

  it("inserts the app's own link (the code SMS's {link}) as it is, and only that", () => {
    const link = 'https://campaign.example.com/enquiry/Ab3_x-YZ12qw/verify';
    const text = fillTemplate(SETTING_DEFAULTS.sms_template_otp, { code: '123456', campaign: 'evil.example', link: 'evil.example' }, { link });
    expect(text).toContain(`Enter it at ${link}`);
    expect(text).toContain('evil. example');
  });

  it('sends an honest name as typed, and breaks a link only by a space after its dot', () => {
    expect(fillTemplate(TEMPLATES.prize, { name: 'Ram B. Thapa', prize: '3,000', campaign: 'Dashain 2082', brand: 'Motorcycle', draw_id: '7KQ2-M9XD-4RTB', proof: '3f9a0c21be77d4e5a6c1' })).toBe(
      'Ram B. Thapa, you won a Rs. 3,000 cash discount in Dashain 2082! Show this SMS at your Motorcycle showroom. Draw 7KQ2-M9XD-4RTB proof 3f9a0c21be77d4e5a6c1',
    );
    expect(fillTemplate(TEMPLATES.test_ride_branch, { name: 'evil.example/x', what: 'test ride', phone: '9841234567', model: 'X', city: 'Y' })).toBe(
      'New test ride: evil. example/x, 9841234567, X, Y.',
    );
  });
});

describe("the prize SMS's fingerprint", () => {
  // The texts before the fingerprint was added, for the same values: the new ones may not take more SMS.
  const BEFORE = {
    en: 'Congratulations {name}! You have won a cash discount of Rs. {prize} in {campaign}. Show this SMS at your {brand} showroom. Draw id {draw_id}.',
    ne: 'बधाई छ {name}! तपाईंले {campaign} मा रु. {prize} नगद छुट जित्नुभयो। यो SMS आफ्नो {brand} शोरुममा देखाउनुहोस्। चिठ्ठा नम्बर {draw_id}।',
  };
  const names = ['Ram', 'Sita Sharma', 'Ram Bahadur Thapa', 'Krishna Prasad Bhattarai', 'सीता कुमारी थापा', 'राम बहादुर'];
  it.each(names)('costs no more SMS than the text without it, for %s', (name) => {
    const values = { name, prize: '25,000', campaign: 'Dashain 2082', brand: 'Motorcycle', draw_id: '7KQ2-M9XD-4RTB', proof: '3f9a0c21be77d4e5a6c1' };
    for (const [lang, now] of [['en', TEMPLATES.prize], ['ne', TEMPLATES.prize_ne]] as const) {
      const text = fillTemplate(now, values);
      expect(text).toContain('3f9a0c21be77d4e5a6c1');
      const before = smsSegments(fillTemplate(BEFORE[lang], values)).segments;
      expect({ lang, fits: smsSegments(text).segments <= before }).toEqual({ lang, fits: true });
    }
  });

  it('is added at the end of a saved template that leaves it out', () => {
    expect(withProof('You won Rs. {prize}.')).toBe('You won Rs. {prize}. Proof {proof}');
    expect(withProof('Rs. {prize} ({proof})')).toBe('Rs. {prize} ({proof})');
  });
});

describe('the public name rule', () => {
  it.each(['Sita Sharma', 'राम बहादुर थापा', "D'Souza", 'O’Brien', 'Jean-Luc', 'Ram B. Thapa', 'Zoë Ñúñez', 'அருண்'])('accepts %s', (name) => {
    expect(personNameProblem(name)).toBeNull();
  });
  it.each([
    ['evil.example/x', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
    ['Call 9841234567', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
    ['https://bit.ly', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
    ['Sita\nSharma', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
    ['Ram_Thapa', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
    ['...', 'The name may only contain letters, spaces, dots, apostrophes and hyphens.'],
    ['a'.repeat(PERSON_NAME_MAX + 1), `The name may not be greater than ${PERSON_NAME_MAX} characters.`],
    ['', 'The name field is required.'],
    [42, 'The name must be text.'],
  ])('refuses %j', (name, message) => {
    expect(personNameProblem(name)).toBe(message);
  });
});
