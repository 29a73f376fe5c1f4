import { SettingService } from '../src/modules/setting/setting.service';
import { pngBuffer } from './factories/images';
import { startTestApp, TestApp } from './harness/test-app';

const PUBLIC_KEYS = [
  'brand_name',
  'campaign_name',
  'campaign_name_ne',
  'captcha_site_key',
  'logo',
  'notice',
  'notice_ne',
  'official_website',
  'options',
  'policy',
  'policy_ne',
  'scheme',
  'scheme_ne',
  'social_links',
  'support_phones',
  'terms',
  'terms_ne',
  'video',
];

describe('settings, option lists and geography (/api/v1/settings, /setting, /geography)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
  });
  afterAll(() => t.close());

  const publicSettings = async () => (await t.http().get('/api/v1/settings')).body.data;

  it('serves the public settings with the demo campaign and nothing private', async () => {
    const res = await t.http().get('/api/v1/settings');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    const s = res.body.data;
    expect(Object.keys(s).sort()).toEqual(PUBLIC_KEYS);
    expect(s).toMatchObject({
      brand_name: 'Everest Moto',
      campaign_name: 'Campaign 2082',
      captcha_site_key: null,
      logo: null,
      notice: null,
      support_phones: ['9801002082', '01-5970082'],
      official_website: 'https://www.example.com',
    });
    expect(s.social_links[0]).toEqual({ label: 'Facebook', url: 'https://www.facebook.com/example' });
    expect(s.scheme).toContain('Campaign 2082');
    expect(s.terms).toContain('Terms and Conditions');
    expect(s.policy).toContain('Privacy Policy');
    expect(JSON.stringify(s)).not.toMatch(/sms_template|base_prize|citizenship_no|"phone"/);
  });

  it('serves every option list from one source', async () => {
    const { options } = await publicSettings();
    expect(options).toEqual({
      sources: ['NEWSPAPER', 'SOCIAL MEDIA', 'RADIO', 'TVC', 'EXISTING CUSTOMER', 'LEAFLET', 'EXCHANGE MELA', 'ROAD SHOW', 'BRAND WEBSITE', 'ONLINE MEDIA', 'TEST RIDE', 'OTHERS'],
      payment_modes: ['CASH', 'CASH_EXCHANGE', 'FINANCE', 'FINANCE_EXCHANGE', 'SELF_FINANCE', 'SELF_FINANCE_EXCHANGE'],
      sexes: ['MALE', 'FEMALE', 'OTHERS'],
      sms_types: [
        { value: 'ALL', label: 'All' },
        { value: 'BRANCH', label: 'Branch' },
        { value: 'REGISTRANTS', label: 'Customer' },
        { value: 'MOBILE', label: 'Mobile' },
      ],
      allocation_types: ['preregistration_public', 'preregistration_branch', 'registration_branch'],
      booking_types: [
        { value: 'TESTRIDE', label: 'Book a Testride' },
        { value: 'BOOKING', label: 'Book an Everest Moto' },
      ],
      pre_prizes: [3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000],
      prizes: [1500, 2000, 2500, 3000, 5000, 7000, 8000, 10000, 15000, 20000, 25000, 50000, 100000, 900000],
      video_prizes: [1000000, 50000],
      roadies: ['Roadie One', 'Roadie Two', 'Roadie Three', 'Roadie Four', 'Roadie Five'],
    });
  });

  it('gives staff with update-settings every setting, defaults included; SettingService reads them typed', async () => {
    const res = await t.http().get('/api/v1/setting').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      base_prize_preregistration: 3000,
      base_prize_registration: 1500,
      roadies: expect.any(Array),
      logo_id: null,
      sms_template_otp: expect.stringContaining('{code}'),
      sms_template_prize: expect.stringContaining('{prize}'),
      sms_template_coupon: expect.stringContaining('{coupon}'),
    });
    const service = t.app.get(SettingService);
    expect(await service.get('base_prize_registration')).toBe(1500);
    expect(await service.get('support_phones')).toEqual(['9801002082', '01-5970082']);
  });

  it('sanitises rich text: a script and an onerror never come back', async () => {
    const res = await t
      .http()
      .patch('/api/v1/setting')
      .set('Authorization', admin)
      .send({
        scheme: '<h2>Scheme</h2><p>Win<script>alert("x")</script></p><img src="/uploads/a.png" onerror="alert(1)">',
        terms: '<p style="background:url(javascript:alert(1))" onclick="steal()">Terms</p><a href="javascript:alert(2)">x</a>',
        policy: '<iframe src="https://evil.example"></iframe><p>Policy</p><p>Seen<img src="https://tracker.example/pixel.gif" width="1" height="1"></p>',
      });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settings updated successfully.');
    const s = await publicSettings();
    expect(s.scheme).toBe('<h2>Scheme</h2><p>Win</p><img src="/uploads/a.png" />');
    expect(s.terms).toBe('<p>Terms</p><a>x</a>');
    // An outside image is a tracking pixel: stripped; the own upload above stays.
    expect(s.policy).toBe('<p>Policy</p><p>Seen</p>');
    const text = JSON.stringify(await t.http().get('/api/v1/settings').then((r) => r.body)) + JSON.stringify(res.body);
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'iframe', 'url(', 'tracker.example']) expect(text).not.toContain(bad);
    const stored = await t.db.query(`SELECT value FROM setting WHERE key IN ('scheme', 'terms', 'policy')`);
    expect(JSON.stringify(stored)).not.toMatch(/script|onerror|javascript/);
  });

  it('updates the other settings and answers the new values at once (cache cleared)', async () => {
    const file = (await t.http().post('/api/v1/upload').set('Authorization', admin).attach('files[]', await pngBuffer(480, 160), 'logo.png')).body.data[0];
    const before = await publicSettings();
    expect(before.logo).toBeNull();
    const res = await t
      .http()
      .patch('/api/v1/setting')
      .set('Authorization', admin)
      .send({
        logo_id: file.id,
        brand_name: 'Himal Moto',
        campaign_name: 'Dashain Campaign 2082',
        social_links: [{ label: 'Facebook', url: 'https://facebook.com/himal' }],
        support_phones: ['9801111111'],
        official_website: 'https://himal.example.com',
        video: '',
        roadies: ['A', 'B', 'C', 'D', 'E'],
        base_prize_preregistration: 3500,
        base_prize_registration: 2000,
        sms_template_otp: 'Code {code} for {campaign}',
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ logo_id: file.id, logo: { id: file.id, url: file.url, thumbnail: file.thumbnail }, base_prize_registration: 2000, video: null });
    const after = await publicSettings();
    expect(after).toMatchObject({
      logo: { id: file.id, url: file.url, thumbnail: file.thumbnail },
      brand_name: 'Himal Moto',
      campaign_name: 'Dashain Campaign 2082',
      support_phones: ['9801111111'],
      video: null,
    });
    expect(after.options.roadies).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(after.options.booking_types[1]).toEqual({ value: 'BOOKING', label: 'Book a Himal Moto' });
    expect(await t.app.get(SettingService).get('sms_template_otp')).toBe('Code {code} for {campaign}');
  });

  it('accepts multipart with a logo file and key[] arrays', async () => {
    const res = await t
      .http()
      .patch('/api/v1/setting')
      .set('Authorization', admin)
      .field('support_phones[]', '9802222222')
      .field('support_phones[]', '01-4000000')
      .field('social_links[]', JSON.stringify({ label: 'YouTube', url: 'https://youtube.com/@himal' }))
      .field('notice', '')
      .attach('logo', await pngBuffer(200, 80), 'new-logo.png');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ support_phones: ['9802222222', '01-4000000'], social_links: [{ label: 'YouTube', url: 'https://youtube.com/@himal' }], notice: null });
    expect(res.body.data.logo.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  });

  it('keeps serving the cached public answer until a PATCH', async () => {
    await publicSettings();
    await t.db.query(`UPDATE setting SET value = '"Changed Behind"'::jsonb WHERE key = 'campaign_name'`);
    expect((await publicSettings()).campaign_name).toBe('Dashain Campaign 2082');
    await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ brand_name: 'Himal Moto' });
    expect((await publicSettings()).campaign_name).toBe('Changed Behind');
  });

  it('answers 422 under each bad field and changes nothing', async () => {
    const before = await t.http().get('/api/v1/setting').set('Authorization', admin);
    const res = await t
      .http()
      .patch('/api/v1/setting')
      .set('Authorization', admin)
      .send({
        base_prize_preregistration: 3333,
        base_prize_registration: 'lots',
        roadies: ['Only', 'Four', 'Names', 'Here'],
        social_links: [{ label: '', url: 'javascript:alert(1)' }],
        support_phones: ['call me'],
        official_website: 'ftp://example.com',
        sms_template_otp: 'No code here',
        brand_name: '',
        campaign_name_ne: 'क'.repeat(101),
        logo_id: 999999,
      });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      base_prize_preregistration: ['The base pre-registration prize must be one of the pre-registration prizes.'],
      roadies: ['The roadies must be a list of five names.'],
      'social_links.0.label': ['The label field is required.'],
      'social_links.0.url': ['The url must be a valid http(s) URL.'],
      support_phones: ['Each support phone must be a phone number (digits and dashes).'],
      official_website: ['The official website must be a valid http(s) URL.'],
      sms_template_otp: ['The OTP template must contain {code}.'],
      brand_name: ['The brand name field is required.'],
      campaign_name_ne: ['The Nepali campaign name may not be greater than 100 characters.'],
    });
    expect(res.body.errors.base_prize_registration).toBeDefined();
    const badLogo = await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ logo_id: 999999, brand_name: 'Not Saved' });
    expect(badLogo.body.errors).toEqual({ logo_id: ['The selected logo is invalid.'] });
    const unknown = await t.http().patch('/api/v1/setting').set('Authorization', admin).send({ captcha_secret: 'x' });
    expect(unknown.body.errors).toEqual({ captcha_secret: ['The captcha_secret field is not allowed.'] });
    expect((await t.http().get('/api/v1/setting').set('Authorization', admin)).body).toEqual(before.body);
  });

  it('serves Nepal: 7 provinces, 77 districts, 753 local levels, cacheable for a day', async () => {
    const res = await t.http().get('/api/v1/geography');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const provinces = res.body.data;
    expect(provinces.map((p: { name: string }) => p.name)).toEqual(['Koshi', 'Madhesh', 'Bagmati', 'Gandaki', 'Lumbini', 'Karnali', 'Sudurpashchim']);
    expect(provinces.map((p: { name_ne: string }) => p.name_ne)).toEqual(['कोशी', 'मधेश', 'बागमती', 'गण्डकी', 'लुम्बिनी', 'कर्णाली', 'सुदूरपश्चिम']);
    const districts = provinces.flatMap((p: { districts: unknown[] }) => p.districts);
    expect(districts).toHaveLength(77);
    expect(districts.flatMap((d: { cities: unknown[] }) => d.cities)).toHaveLength(753);
    const kathmandu = provinces[2].districts.find((d: { name: string }) => d.name === 'Kathmandu');
    expect(kathmandu.cities).toContainEqual({ name: 'Kathmandu Metropolitan City', name_ne: 'काठमाण्डौं महानगरपालिका' });
    expect(Object.keys(kathmandu).sort()).toEqual(['cities', 'name', 'name_ne']);
    // Every demo branch stands in a place of the geography.
    const places = new Set<string>();
    for (const p of provinces) for (const d of p.districts) for (const c of d.cities) places.add(`${p.name}/${d.name}/${c.name}`);
    for (const b of await t.db.query(`SELECT state, district, city FROM branch`)) expect(places.has(`${b.state}/${b.district}/${b.city}`)).toBe(true);

    const again = await t.http().get('/api/v1/geography').set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });
});

describe('settings: the captcha site key', () => {
  it.each([
    [{ RECAPTCHA_SITE_KEY: 'site-key-only' }, null],
    [{ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' }, 'site-key'],
  ])('with %j the public settings carry %p', async (env, expected) => {
    const t = await startTestApp({ env: env as Record<string, string> });
    try {
      expect((await t.http().get('/api/v1/settings')).body.data.captcha_site_key).toBe(expected);
    } finally {
      await t.close();
    }
  });
});
