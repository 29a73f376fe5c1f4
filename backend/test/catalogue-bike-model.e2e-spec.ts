import { pngBuffer } from './factories/images';
import { startTestApp, TestApp } from './harness/test-app';

describe('bike models (/api/v1/bike-models, /bike-model)', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.token('admin@example.com')}`;
    staff = `Bearer ${await t.token('staff@example.com')}`;
  });
  afterAll(() => t.close());

  const count = async (table: string) => (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;
  const uploadImage = async () => {
    const res = await t.http().post('/api/v1/upload').set('Authorization', admin).attach('files[]', await pngBuffer(), 'bike.png');
    return res.body.data[0] as { id: number; url: string; thumbnail: string };
  };

  it('lists the models publicly in order as { id, title, title_ne, thumbnail, tagline, tagline_ne, price, price_from }', async () => {
    const res = await t.http().get('/api/v1/bike-models');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { title: string }) => m.title)).toEqual([
      'Everest 110 City',
      'Everest 125 Street',
      'Everest 150 Sport',
      'Everest 160 Xtreme',
      'Trail 200 Adventure',
      'Scooty 125 Glide',
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'price', 'price_from', 'tagline', 'tagline_ne', 'thumbnail', 'title', 'title_ne']);
    expect(res.body.data[0]).toMatchObject({ title_ne: 'एभरेस्ट ११० सिटी', tagline_ne: 'हल्का र किफायती: सहरको ट्राफिकका लागि बनेको।' });
  });

  it('serves the table, ?all for selects, and one model by slug to branch staff', async () => {
    const table = await t.http().get('/api/v1/bike-model').set('Authorization', staff).query({ 'search[value]': 'everest' });
    expect(table.status).toBe(200);
    expect(table.body).toMatchObject({ recordsTotal: 6, recordsFiltered: 4 });
    expect(table.body.data[0]).toMatchObject({ title: 'Everest 110 City', thumbnail: null });
    expect(table.body.data[0].slug).toMatch(/^[\w-]{16}$/);

    const all = await t.http().get('/api/v1/bike-model?all').set('Authorization', staff);
    expect(all.body.data.data).toHaveLength(6);
    expect(Object.keys(all.body.data.data[0]).sort()).toEqual(['id', 'title']);

    const one = await t.http().get(`/api/v1/bike-model/${table.body.data[0].slug}`).set('Authorization', staff);
    expect(one.body.data).toMatchObject({ id: table.body.data[0].id, title: 'Everest 110 City' });
    expect((await t.http().get('/api/v1/bike-model/unknown-model').set('Authorization', staff)).status).toBe(404);
  });

  it('creates a model with an uploaded image id, served as { id, url, thumbnail }', async () => {
    const file = await uploadImage();
    const res = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'Everest 200 Tourer', thumbnail_id: file.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Bike model created successfully.');
    expect(res.body.data).toMatchObject({ title: 'Everest 200 Tourer', order: 7, thumbnail: { id: file.id, url: file.url, thumbnail: file.thumbnail } });
    const pub = await t.http().get('/api/v1/bike-models');
    expect(pub.body.data[6]).toEqual({
      id: res.body.data.id,
      title: 'Everest 200 Tourer',
      title_ne: null,
      thumbnail: { id: file.id, url: file.url, thumbnail: file.thumbnail },
      tagline: null,
      tagline_ne: null,
      price: null,
      price_from: false,
    });
  });

  it('keeps the showcase line and price of a model, from a form’s strings, and refuses bad ones under their fields', async () => {
    const made = await t
      .http()
      .post('/api/v1/bike-model')
      .set('Authorization', admin)
      .field('title', 'Everest 250 Grand')
      .field('title_ne', 'एभरेस्ट २५० ग्रान्ड')
      .field('tagline', '  Two up, all day.  ')
      .field('tagline_ne', ' दुई जना, दिनभर। ')
      .field('price', '459900')
      .field('price_from', 'true');
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ title_ne: 'एभरेस्ट २५० ग्रान्ड', tagline: 'Two up, all day.', tagline_ne: 'दुई जना, दिनभर।', price: 459900, price_from: true });
    const pub = (await t.http().get('/api/v1/bike-models')).body.data.find((m: { id: number }) => m.id === made.body.data.id);
    expect(pub).toMatchObject({ title_ne: 'एभरेस्ट २५० ग्रान्ड', tagline: 'Two up, all day.', tagline_ne: 'दुई जना, दिनभर।', price: 459900, price_from: true });
    const cleared = await t.http().post(`/api/v1/bike-model/${made.body.data.slug}`).set('Authorization', admin).send({ tagline: '', tagline_ne: ' ', price: '', price_from: false });
    expect(cleared.body.data).toMatchObject({ title_ne: 'एभरेस्ट २५० ग्रान्ड', tagline: null, tagline_ne: null, price: null, price_from: false });
    const bad = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'Everest 300', tagline: 'x'.repeat(141), tagline_ne: 'क'.repeat(141), price: 0, price_from: 'maybe' });
    expect({ status: bad.status, errors: bad.body.errors }).toEqual({
      status: 422,
      errors: {
        tagline: ['The tagline may not be greater than 140 characters.'],
        tagline_ne: ['The Nepali tagline may not be greater than 140 characters.'],
        price: ['The price must be at least 1.'],
        price_from: ['The from price field must be true or false.'],
      },
    });
  });

  it('creates a model from a multipart thumbnail file', async () => {
    const res = await t.http().post('/api/v1/bike-model').set('Authorization', admin).field('title', 'Scooty 110 Zip').attach('thumbnail', await pngBuffer(300, 200), 'zip.png');
    expect(res.status).toBe(200);
    expect(res.body.data.thumbnail.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect((await t.http().get(res.body.data.thumbnail.thumbnail)).status).toBe(200);
  });

  it('answers 422 for a missing or taken title, a bad image id or a bad file, and stores nothing', async () => {
    const before = [await count('bike_model'), await count('file')];
    const missing = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({});
    expect(missing.body.errors).toEqual({ title: ['The title field is required.'] });
    const taken = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'everest 150 SPORT' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ title: ['The title has already been taken.'] });
    const badId = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'New One', thumbnail_id: 999999 });
    expect(badId.body.errors).toEqual({ thumbnail_id: ['The selected thumbnail is invalid.'] });
    const badFile = await t.http().post('/api/v1/bike-model').set('Authorization', admin).field('title', 'New One').attach('thumbnail', Buffer.from('<svg/>'), 'x.png');
    expect(badFile.status).toBe(422);
    expect(badFile.body).toEqual({ message: 'Something went wrong! Please check the file and try again.', errors: { thumbnail: ['The file must be an image (JPEG, PNG or WebP).'] } });
    expect([await count('bike_model'), await count('file')]).toEqual(before);
  });

  it('updates the title and removes the image', async () => {
    const made = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'Temp Model', thumbnail_id: (await uploadImage()).id });
    const res = await t.http().post(`/api/v1/bike-model/${made.body.data.slug}`).set('Authorization', admin).send({ title: 'Renamed Model', thumbnail: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Bike model updated successfully.', data: { title: 'Renamed Model', thumbnail: null } });
    const clash = await t.http().post(`/api/v1/bike-model/${made.body.data.slug}`).set('Authorization', admin).send({ title: 'Scooty 125 Glide' });
    expect(clash.body.errors).toEqual({ title: ['The title has already been taken.'] });
  });

  it('refuses to delete a model that records name (409), deletes an unused one', async () => {
    const [used] = await t.db.query(`SELECT id, slug FROM bike_model ORDER BY "order" LIMIT 1`);
    await t.db.query(`CREATE TABLE model_reference (id serial PRIMARY KEY, bike_model_id int NOT NULL REFERENCES bike_model(id))`);
    await t.db.query(`INSERT INTO model_reference (bike_model_id) VALUES ($1)`, [used.id]);
    const refused = await t.http().delete(`/api/v1/bike-model/${used.slug}`).set('Authorization', admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This bike model is in use and cannot be deleted.' });

    const made = await t.http().post('/api/v1/bike-model').set('Authorization', admin).send({ title: 'Gone Soon' });
    const gone = await t.http().delete(`/api/v1/bike-model/${made.body.data.slug}`).set('Authorization', admin);
    expect(gone.body).toEqual({ message: 'Bike model deleted successfully.' });
    expect((await t.http().get(`/api/v1/bike-model/${made.body.data.slug}`).set('Authorization', admin)).status).toBe(404);
  });
});
