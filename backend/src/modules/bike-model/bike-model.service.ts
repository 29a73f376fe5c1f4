import { KnownIds } from '../../common/known-ids';
import { Injectable } from '@nestjs/common';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser } from '../../common/auth/auth-user';
import { CachedAnswer } from '../../common/http/cached-json';
import { isForeignKeyViolation, uniqueViolationField, UniqueFields } from '../../common/http/db-errors';
import { PageQuery, paginate, TableSpec } from '../../common/paging/paging';
import { newSlug } from '../../common/slug';
import { BikeModelRepository } from '../../repositories/bike-model.repository';
import { Db } from '../../repositories/db';
import { imageRef } from '../file/file-view';
import { FileService } from '../file/file.service';
import { BikeModelEntity } from './bike-model.entity';
import { CreateBikeModelDto } from './dto/create-bike-model.dto';
import { UpdateBikeModelDto } from './dto/update-bike-model.dto';
import { Upload } from '../file/upload';

/** The bike model's expected failures; the table's keys are the codes. */
const BIKE_MODEL_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Bike model not found.' },
  TitleTaken: { status: 422, field: 'title', message: 'The title has already been taken.' },
  InUse: { status: 409, message: 'This bike model is in use and cannot be deleted.' },
});

const BIKE_MODEL_TABLE: TableSpec = {
  orderable: { title: 'm.title', order: 'm.order', id: 'm.id', created_at: 'm.created_at' },
  searchable: ['m.title'],
  defaultOrder: ['order', 'ASC'],
  tieBreaker: 'm.id',
};

/** The table's unique constraints and the field each speaks for. */
const BIKE_MODEL_UNIQUE: UniqueFields = { bike_model_title_uq: 'title' };

export function bikeModelView(m: BikeModelEntity) {
  return {
    id: m.id,
    slug: m.slug,
    title: m.title,
    title_ne: m.title_ne,
    order: m.order,
    thumbnail: imageRef(m.thumbnail),
    tagline: m.tagline,
    tagline_ne: m.tagline_ne,
    price: m.price,
    price_from: m.price_from,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}
export type BikeModelView = ReturnType<typeof bikeModelView>;

@Injectable()
export class BikeModelService {
  /** GET /bike-models serialised once per TTL; every model write drops it. */
  readonly publicAnswer = new CachedAnswer(async () => ({ data: await this.publicList() }));
  /** The ids of the table, for the public forms' references (KnownIds). */
  private readonly knownIds = new KnownIds(() => this.models.ids());

  constructor(
    private readonly models: BikeModelRepository,
    private readonly files: FileService,
    private readonly db: Db,
  ) {}

  /** Whether a row with this id exists, mostly without a round trip (KnownIds). */
  exists(id: number): Promise<boolean> {
    return this.knownIds.has(id);
  }

  /** Id and titles of a model, or undefined (through the caller's transaction when one is open, db.ts). */
  brief(id: number): Promise<{ id: number; title: string; title_ne: string | null } | undefined> {
    return this.models.brief(id);
  }

  /** Titles of the given models by id (the tables show them beside their rows). */
  async titles(ids: Array<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
    if (!wanted.length) return new Map();
    const rows = await this.models.titles(wanted);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  private query() {
    return this.models.withThumbnail();
  }

  /** GET /bike-models: `[{ id, title, title_ne, thumbnail, tagline, tagline_ne, price, price_from }]` in list order. */
  async publicList() {
    const rows = await this.query().orderBy('m.order', 'ASC').addOrderBy('m.id', 'ASC').getMany();
    return rows.map((m) => ({
      id: m.id,
      title: m.title,
      title_ne: m.title_ne,
      thumbnail: imageRef(m.thumbnail),
      tagline: m.tagline,
      tagline_ne: m.tagline_ne,
      price: m.price,
      price_from: m.price_from,
    }));
  }

  /** GET /bike-model?all: every model's id and title, for selects. */
  all() {
    return this.models.all();
  }

  table(query: PageQuery) {
    return paginate(this.query(), query, BIKE_MODEL_TABLE, (rows) => rows.map(bikeModelView));
  }

  async findOne(slugOrId: string): Promise<BikeModelView> {
    const qb = this.query();
    if (/^\d+$/.test(slugOrId)) qb.where('m.id = :id', { id: Number(slugOrId) });
    else qb.where('m.slug = :slug', { slug: slugOrId });
    const model = await qb.getOne();
    if (!model) throw BIKE_MODEL_FAILURES.fail('NotFound');
    return bikeModelView(model);
  }

  async create(actor: AuthUser, dto: CreateBikeModelDto, upload?: Upload): Promise<BikeModelView> {
    await this.checkTitle(dto.title);
    const image = await this.files.imageFor('thumbnail', { ...dto }, upload, actor.id);
    const slug = newSlug();
    try {
      await this.db.transaction(() =>
        this.models.insertLast({
          slug,
          title: dto.title,
          thumbnail_id: image.id ?? null,
          title_ne: dto.title_ne ?? null,
          tagline: dto.tagline ?? null,
          tagline_ne: dto.tagline_ne ?? null,
          price: dto.price ?? null,
          price_from: dto.price_from ?? false,
        }),
      );
    } catch (e) {
      await this.files.discard(image.stored);
      if (uniqueViolationField(e, BIKE_MODEL_UNIQUE)) throw BIKE_MODEL_FAILURES.fail('TitleTaken');
      throw e;
    }
    this.publicAnswer.invalidate();
    this.knownIds.invalidate();
    return this.findOne(slug);
  }

  async update(actor: AuthUser, slug: string, dto: UpdateBikeModelDto, upload?: Upload): Promise<BikeModelView> {
    const model = await this.findOne(slug);
    if (dto.title !== undefined) await this.checkTitle(dto.title, model.id);
    const image = await this.files.imageFor('thumbnail', { ...dto }, upload, actor.id);
    const patch: Partial<BikeModelEntity> = {};
    if (dto.title !== undefined) patch.title = dto.title;
    for (const k of ['title_ne', 'tagline', 'tagline_ne', 'price', 'price_from'] as const) if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
    if (image.id !== undefined) patch.thumbnail_id = image.id;
    try {
      if (Object.keys(patch).length) await this.models.patch(model.id, patch);
    } catch (e) {
      await this.files.discard(image.stored);
      if (uniqueViolationField(e, BIKE_MODEL_UNIQUE)) throw BIKE_MODEL_FAILURES.fail('TitleTaken');
      throw e;
    }
    this.publicAnswer.invalidate();
    this.knownIds.invalidate();
    return this.findOne(model.slug);
  }

  /** Refused with 409 while pre-registrations, purchases or test rides name the model. */
  async remove(slug: string): Promise<void> {
    const model = await this.findOne(slug);
    try {
      await this.models.delete(model.id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw BIKE_MODEL_FAILURES.fail('InUse');
      throw e;
    }
    this.publicAnswer.invalidate();
    this.knownIds.invalidate();
  }

  private async checkTitle(title: string, exceptId?: number) {
    if (await this.models.titleTaken(title, exceptId)) throw BIKE_MODEL_FAILURES.fail('TitleTaken');
  }
}
