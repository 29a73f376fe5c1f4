import { NOT_AN_IMAGE, tooLargeEncoded, tooManyPixels, UNREADABLE_IMAGE, UPLOAD_REFUSED } from '../../modules/file/file-store';
import { BUDGET_MESSAGES, UNSUPPORTED_CHARSET } from '../http/request-budget';
import { publicLang, publicMessage, translateBody } from './public-messages';

describe('the public API in Nepali (publicMessage)', () => {
  it('translates exact messages and generated ones by their shape, the numbers in Devanagari', () => {
    expect(publicMessage('The code is incorrect.', 'ne')).toBe('कोड मिलेन।');
    expect(publicMessage('The bike model field is required.', 'ne')).toBe('बाइकको मोडेल आवश्यक छ।');
    expect(publicMessage('The code is required.', 'ne')).toBe('कोड आवश्यक छ।');
    expect(publicMessage('The selected nearest branch is invalid.', 'ne')).toBe('छानिएको नजिकको शोरुम मान्य छैन।');
    expect(publicMessage('The name may not be greater than 60 characters.', 'ne')).toBe('नाम ६० अक्षरभन्दा लामो हुन सक्दैन।');
    expect(publicMessage('The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).', 'ne')).toBe(
      'फोन नम्बर ९६, ९७ वा ९८ बाट सुरु हुने १० अङ्कको नेपाली मोबाइल नम्बर हुनुपर्छ।',
    );
    expect(publicMessage('Please wait 42 seconds before requesting a new code.', 'ne')).toBe('नयाँ कोड माग्नुअघि कृपया ४२ सेकेन्ड पर्खनुहोस्।');
    expect(publicMessage('The campaign ended on 2026-12-31: registrations and prize draws are closed. Test rides can still be booked.', 'ne')).toBe(
      'अभियान २०२६-१२-३१ मा सकियो: दर्ता र पुरस्कार चिठ्ठा बन्द छन्। टेस्ट राइड भने अझै बुक गर्न सकिन्छ।',
    );
  });

  it("translates every refusal a visitor's form or picture can meet: the request budget's caps, the charset, the picture's limits", () => {
    const said = (m: string) => publicMessage(m, 'ne');
    for (const m of Object.values(BUDGET_MESSAGES)) expect({ m, ne: /[\u0900-\u097F]/.test(said(m)) }).toEqual({ m, ne: true });
    expect(said(BUDGET_MESSAGES.anonymousFields)).toBe('अनुरोधमा धेरै फिल्ड छन्।');
    expect(said(BUDGET_MESSAGES.anonymousFieldBytes)).toBe('अनुरोधको एउटा फिल्ड धेरै लामो छ।');
    expect(said(UNSUPPORTED_CHARSET)).toMatch(/^अनुरोध UTF-8 मा हुनुपर्छ/);
    expect(said(UPLOAD_REFUSED)).toBe('केही गडबड भयो! कृपया फाइल जाँचेर फेरि प्रयास गर्नुहोस्।');
    expect(said(tooManyPixels(13_000_000))).toBe('तस्बिर धेरै ठूलो छ: बढीमा १३ मेगापिक्सेल।');
    expect(said(tooLargeEncoded(5 * 1024 * 1024))).toBe('सानो बनाउँदा पनि तस्बिर राख्न धेरै ठूलो भयो (बढीमा ५ MB)। कृपया सानो तस्बिर पठाउनुहोस्।');
    expect(said(NOT_AN_IMAGE)).toBe('फाइल तस्बिर (JPEG, PNG वा WebP) हुनुपर्छ।');
    expect(said(UNREADABLE_IMAGE)).toBe('तस्बिर पढ्न सकिएन।');
  });

  it('translates a message with the support phones after it', () => {
    expect(publicMessage('Too many incorrect codes. Please request a new code. For help, call 9801002082 or 01-5970082.', 'ne')).toBe(
      'धेरै पटक गलत कोड हालियो। कृपया नयाँ कोड माग्नुहोस्। सहयोगका लागि 9801002082 वा 01-5970082 मा फोन गर्नुहोस्।',
    );
  });

  it('leaves English as it is, and a message it does not know in English rather than dropping it', () => {
    expect(publicMessage('The code is incorrect.', 'en')).toBe('The code is incorrect.');
    expect(publicMessage('Something new the table has not got.', 'ne')).toBe('Something new the table has not got.');
  });

  it('translates an answer: its message and every field message, nothing else', () => {
    const body = { message: 'The code is incorrect.', errors: { code: ['The code is incorrect.'], phone: ['The phone field is required.'] }, data: { name: 'Ram' } };
    expect(translateBody(body, 'ne')).toEqual({ message: 'कोड मिलेन।', errors: { code: ['कोड मिलेन।'], phone: ['फोन नम्बर आवश्यक छ।'] }, data: { name: 'Ram' } });
    expect(translateBody(body, 'en')).toBe(body);
  });

  it("reads the caller's language: ?lang, then the remembered choice, then Accept-Language; a signed-in caller (staff) reads English", () => {
    expect(publicLang({ query: {}, headers: { 'accept-language': 'ne-NP,ne;q=0.9,en;q=0.8' } })).toBe('ne');
    expect(publicLang({ query: { lang: 'en' }, headers: { 'accept-language': 'ne' } })).toBe('en');
    expect(publicLang({ query: { lang: 'ne' }, headers: {} })).toBe('ne');
    // The choice the site remembered wins over the browser's languages, and loses to ?lang.
    expect(publicLang({ query: {}, headers: { cookie: 'a=1; lang=en', 'accept-language': 'ne' } })).toBe('en');
    expect(publicLang({ query: { lang: 'ne' }, headers: { cookie: 'lang=en' } })).toBe('ne');
    expect(publicLang({ query: {}, headers: { 'accept-language': 'en-US,en;q=0.9' } })).toBe('en');
    expect(publicLang({ query: {}, headers: { 'accept-language': 'ne', authorization: 'Bearer x' } })).toBe('en');
  });
});
