import { branchIds, CAMPAIGN_ENV, codeOf, enquiryBody, nextIp } from './factories/campaign';
import { startTestApp, TestApp } from './harness/test-app';

/**
 * The public site's two languages on the server's side (#15): the first paint in the visitor's
 * language, and the API's words in it (the English ones stay as they are written).
 */
describe('Nepali and English for the public (page and API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: CAMPAIGN_ENV });
  });
  afterAll(() => t.close());

  const h1 = (html: string) => /<h1 id="hero-title"[^>]*>([^<]*)</.exec(html)?.[1];
  const htmlLang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];

  it('paints the page in the language the browser asks for, unless ?lang or the remembered choice says otherwise', async () => {
    const ne = await t.http().get('/').set('Accept-Language', 'ne-NP,ne;q=0.9,en;q=0.8');
    expect([htmlLang(ne.text), h1(ne.text)]).toEqual(['ne', 'नयाँ बाइकमा नगद छुट जित्नुहोस्']);
    expect(ne.text).toContain('data-t="hero.register">अहिले दर्ता गर्नुहोस्</a>');
    // The switch offers the other language, in that language.
    expect(ne.text).toContain('<a class="lang-switch" href="?lang=en" hreflang="en" lang="en" data-t="lang.switch" aria-label="Read in English">English</a>');
    expect(ne.headers.vary).toMatch(/Cookie/);

    const en = await t.http().get('/').set('Accept-Language', 'en-US');
    expect([htmlLang(en.text), h1(en.text)]).toEqual(['en', 'Win a cash discount on your new bike']);
    expect((await t.http().get('/?lang=en').set('Accept-Language', 'ne')).text).toContain('<html lang="en"');
    expect((await t.http().get('/').set('Accept-Language', 'ne').set('Cookie', 'lang=en')).text).toContain('<html lang="en"');
    expect((await t.http().get('/?lang=ne')).text).toContain('<html lang="ne"');
  });

  it('answers a Nepali reader in Nepali, under the same fields, and everyone else in the spec English', async () => {
    const ask = (lang?: string) => {
      const req = t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp());
      if (lang) req.set('Accept-Language', lang);
      return req.send({ name: 'Sita', phone: '9512345678' });
    };
    const ne = await ask('ne-NP,ne;q=0.9');
    expect(ne.status).toBe(422);
    expect(ne.body.errors).toMatchObject({
      phone: ['फोन नम्बर ९६, ९७ वा ९८ बाट सुरु हुने १० अङ्कको नेपाली मोबाइल नम्बर हुनुपर्छ।'],
      bike_model_id: ['बाइकको मोडेल आवश्यक छ।'],
      nearest_branch_id: ['नजिकको शोरुम आवश्यक छ।'],
    });
    const en = await ask();
    expect(en.body.errors).toMatchObject({
      phone: ['The phone must be a valid Nepal mobile number (10 digits starting with 96, 97 or 98).'],
      bike_model_id: ['The bike model field is required.'],
    });
    // A not-found in Nepali too.
    const missing = await t.http().get('/api/v1/enquiry/no-such-record-here').set('Accept-Language', 'ne');
    expect([missing.status, missing.body.message]).toEqual([404, 'दर्ता भेटिएन।']);
  });

  it("writes a visitor's SMS in the language they used: the code and the prize in Nepali, a booking's customer text too (the branch's stays English)", async () => {
    const sms = async (phone: string, kind: string) => (await t.db.query(`SELECT text FROM sms_outbox WHERE phone = $1 AND kind = $2 ORDER BY id`, [phone, kind])).map((r: { text: string }) => r.text);
    // The campaign's Nepali name, given in Settings, is the one a Nepali SMS names.
    const admin = `Bearer ${await t.token('admin@example.com')}`;
    expect((await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ campaign_name_ne: 'अभियान २०८२' })).status).toBe(200);
    const body = await enquiryBody(t.db);
    const created = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).set('Accept-Language', 'ne').send(body);
    expect(created.status).toBe(200);
    expect(created.body.message).toMatch(/^दर्ता गर्नुभएकोमा धन्यवाद। हामीले 98\*{6}\d{2} मा ६ अङ्कको कोड पठाएका छौं।$/);
    const slug = created.body.data.slug;
    const code = (await codeOf(t.db, slug))!;
    const [otp] = await sms(body.phone, 'otp');
    expect(otp).toContain(`अभियान २०८२ को तपाईंको प्रमाणीकरण कोड ${code} हो।`);
    expect(otp).toContain(`/enquiry/${slug}/verify`);

    const verified = await t.http().post(`/api/v1/enquiry/${slug}/verify`).set('X-Forwarded-For', nextIp()).set('Accept-Language', 'ne').send({ code });
    expect([verified.status, verified.body.message]).toEqual([200, 'तपाईंको फोन नम्बर प्रमाणित भयो। बधाई छ!']);
    const [prize] = await sms(body.phone, 'prize');
    expect(prize).toMatch(/^बधाई छ Ram Bahadur Thapa! अभियान २०८२ मा रु\. [०-९,]+ छुट जित्नुभयो। SMS .+ शोरुममा देखाउनुहोस्। चिठ्ठा [0-9A-Z-]{14} प्रमाण [0-9a-f]{20}$/);

    // The same flow in English keeps the English texts.
    const english = await enquiryBody(t.db);
    const en = await t.http().post('/api/v1/enquiry').set('X-Forwarded-For', nextIp()).send(english);
    expect((await sms(english.phone, 'otp'))[0]).toMatch(/^Your Campaign 2082 verification code is \d{6}\./);
    expect(en.body.message).toMatch(/^Thank you for registering\./);

    const [branch] = await t.db.query(`SELECT id, title, title_ne FROM branch WHERE id = $1`, [(await branchIds(t.db))[0]]);
    await t.db.query(`UPDATE branch SET mobile = '9851000000' WHERE id = $1`, [branch.id]);
    await t.db.query(`UPDATE bike_model SET title_ne = 'परीक्षण मोडेल' WHERE id = $1`, [body.bike_model_id]);
    const rider = '9846000777';
    const ride = await t
      .http()
      .post('/api/v1/test-ride')
      .set('Accept-Language', 'ne')
      .send({ name: 'Hari Koirala', phone: rider, state: 'Bagmati', district: 'Kathmandu', city: 'Kathmandu Metropolitan City', branch_id: branch.id, bike_model_id: body.bike_model_id });
    expect([ride.status, ride.body.message]).toEqual([200, 'टेस्ट राइड बुक गर्नुभएकोमा धन्यवाद।']);
    // The showroom and the model by their Nepali names (the demo gives them); the branch's alert keeps the English ones.
    const [model] = await t.db.query(`SELECT title, title_ne FROM bike_model WHERE id = $1`, [body.bike_model_id]);
    expect([branch.title_ne, model.title_ne].join(' ')).not.toMatch(/[A-Za-z]/);
    expect((await sms(rider, 'test_ride_customer'))[0]).toBe(`प्रिय Hari Koirala, ${branch.title_ne} मा ${model.title_ne} को टेस्ट राइड अनुरोधका लागि धन्यवाद। हामी ३ कार्य दिनभित्र तपाईंलाई सम्पर्क गर्नेछौं।`);
    expect((await sms('9851000000', 'test_ride_branch'))[0]).toBe(`New test ride: Hari Koirala, 9846000777, ${model.title}, Kathmandu Metropolitan City.`);
  });

  it('serves the panels in both languages, each cleaned as the English ones are', async () => {
    const before = (await t.http().get('/api/v1/settings')).body.data;
    expect(before.scheme_ne).toContain('<h2>अभियान २०८२: हरेक राइडरले जित्छ</h2>');
    expect(before.terms_ne).toContain('नियम तथा सर्तहरू');
    const token = await t.token('admin@example.com');
    const res = await t
      .http()
      .patch('/api/v1/setting')
      .set('Authorization', `Bearer ${token}`)
      .send({ policy_ne: '<p>गोपनीयता</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(res.status).toBe(200);
    const after = (await t.http().get('/api/v1/settings')).body.data;
    expect(after.policy_ne).toContain('<p>गोपनीयता</p>');
    expect(after.policy_ne).not.toMatch(/script|onerror/);
    expect(after.policy).toBe(before.policy);
  });

  it('keeps staff answers in English whatever their browser says', async () => {
    const token = await t.token('admin@example.com');
    const res = await t.http().get('/api/v1/preregistration/no-such-record-here').set('Authorization', `Bearer ${token}`).set('Accept-Language', 'ne');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Pre-registration not found.');
  });
});
