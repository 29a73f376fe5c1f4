import { pngBuffer } from './factories/images';
import { branchIds } from './factories/campaign';
import { makeCustomer } from './factories/sms';
import { startTestApp, TestApp } from './harness/test-app';

describe('winner videos (/api/v1/videos, /video)', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    manager = `Bearer ${await t.token('manager@example.com')}`;
  });
  afterAll(() => t.close());

  it('lists videos publicly, biggest prize first, never with phone or citizenship number', async () => {
    const res = await t.http().get('/api/v1/videos');
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: { amount: number }) => v.amount)).toEqual([1000000, 50000, 50000]);
    for (const v of res.body.data) expect(Object.keys(v).sort()).toEqual(['amount', 'id', 'thumbnail', 'title', 'title_ne', 'url']);
    expect(res.body.data[0]).toMatchObject({ title: 'Sita Gurung, Pokhara: Ten Lakhs winner', title_ne: 'सीता गुरुङ, पोखरा: दस लाखकी विजेता', url: 'https://www.example.com/videos/winner-sita-gurung' });
    const text = JSON.stringify(res.body);
    for (const secret of ['phone', 'citizenship', '9856000001', '45-01-75-00001']) expect(text).not.toContain(secret);
  });

  it('serves the staff table filtered by amount, and one video with its private fields', async () => {
    const all = await t.http().get('/api/v1/video').set('Authorization', manager);
    expect(all.body).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(all.body.data[0]).toEqual(expect.objectContaining({ title: expect.any(String), registration_id: null, amount: expect.any(Number) }));
    const fifty = await t.http().get('/api/v1/video').query({ amount: 50000 }).set('Authorization', manager);
    expect(fifty.body.recordsTotal).toBe(2);
    expect(fifty.body.data.every((v: { amount: number }) => v.amount === 50000)).toBe(true);
    expect((await t.http().get('/api/v1/video').query({ amount: 1000000 }).set('Authorization', manager)).body.recordsTotal).toBe(1);
    const bad = await t.http().get('/api/v1/video').query({ amount: 'lots' }).set('Authorization', manager);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ amount: ['The amount must be a whole number.'] });

    const one = await t.http().get(`/api/v1/video/${all.body.data[0].id}`).set('Authorization', manager);
    expect(one.body.data).toMatchObject({ id: all.body.data[0].id, phone: expect.stringMatching(/^98/), citizenship_no: expect.any(String) });
    expect((await t.http().get('/api/v1/video/999999').set('Authorization', manager)).status).toBe(404);
    expect((await t.http().get('/api/v1/video/abc').set('Authorization', manager)).status).toBe(404);
  });

  it('answers 422 for a non-http(s) url, a fractional amount and a missing title; stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM video`))[0].n;
    const res = await t.http().post('/api/v1/video').set('Authorization', admin).send({ url: 'javascript:alert(1)', amount: 12.5 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      title: ['The title field is required.'],
      url: ['The url must be a valid http(s) URL.'],
      amount: ['The amount must be a whole number.'],
    });
    const ftp = await t.http().post('/api/v1/video').set('Authorization', admin).send({ title: 'x', url: 'ftp://example.com/v', amount: 'many' });
    expect(Object.keys(ftp.body.errors).sort()).toEqual(['amount', 'url']);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM video`))[0].n).toBe(before);
  });

  it('creates (JSON and multipart with a thumbnail), updates and deletes a video', async () => {
    const made = await t
      .http()
      .post('/api/v1/video')
      .set('Authorization', admin)
      .send({ title: 'Hari, Birgunj', title_ne: 'हरि, वीरगन्ज', url: 'https://www.example.com/v/hari', amount: 50000, phone: '9855000004' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ message: 'Video created successfully.', data: { title: 'Hari, Birgunj', title_ne: 'हरि, वीरगन्ज', amount: 50000, phone: '9855000004', thumbnail: null } });
    const id = made.body.data.id;

    const [branch] = await branchIds(t.db);
    const winner = await makeCustomer(t.db, { branchId: branch });
    const withImage = await t
      .http()
      .post(`/api/v1/video/${id}`)
      .set('Authorization', admin)
      .field('amount', '1000000')
      .field('registration_id', String(winner.id))
      .attach('thumbnail', await pngBuffer(640, 360), 'hari.png');
    expect(withImage.status).toBe(200);
    expect(withImage.body.message).toBe('Video updated successfully.');
    expect(withImage.body.data).toMatchObject({ amount: 1000000, registration_id: winner.id, thumbnail: { url: expect.stringMatching(/^\/uploads\//) } });

    // A video made from the winner's registration takes its phone: the list's Registration Id and the detail's phone are filled.
    const fromWinner = await t.http().post('/api/v1/video').set('Authorization', admin).send({ title: 'Winner by bill', url: 'https://www.example.com/v/w', amount: 50000, registration_id: winner.id });
    expect(fromWinner.status).toBe(200);
    expect(fromWinner.body.data).toMatchObject({ registration_id: winner.id, phone: winner.phone, registration: { id: winner.id, slug: winner.slug, phone: winner.phone } });
    const listed = await t.http().get('/api/v1/video').query({ 'search[value]': 'Winner by bill' }).set('Authorization', admin);
    expect(listed.body.data[0]).toMatchObject({ registration_id: winner.id, phone: winner.phone });
    const unknown = await t.http().post('/api/v1/video').set('Authorization', admin).send({ title: 'Nobody', url: 'https://www.example.com/v/n', amount: 50000, registration_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ registration_id: ['The selected registration is invalid.'] });

    const multipartCreate = await t
      .http()
      .post('/api/v1/video')
      .set('Authorization', admin)
      .field('title', 'Maya, Dharan')
      .field('url', 'http://www.example.com/v/maya')
      .field('amount', '50000')
      .attach('thumbnail', await pngBuffer(), 'maya.png');
    expect(multipartCreate.body.data).toMatchObject({ title: 'Maya, Dharan', amount: 50000, thumbnail: { id: expect.any(Number) } });

    const deleted = await t.http().delete(`/api/v1/video/${id}`).set('Authorization', admin);
    expect(deleted.body).toEqual({ message: 'Video deleted successfully.' });
    expect((await t.http().get(`/api/v1/video/${id}`).set('Authorization', admin)).status).toBe(404);
  });
});
