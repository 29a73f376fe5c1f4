import { VideoQuery } from './dto/video-query.dto';
import { Injectable } from '@nestjs/common';
import { Failures } from '../../common/http/domain-errors';
import { AuthUser } from '../../common/auth/auth-user';
import { CachedAnswer } from '../../common/http/cached-json';
import { paginate, TableSpec } from '../../common/paging/paging';
import { RegistrationRepository, WinningRegistration } from '../../repositories/registration.repository';
import { VideoRepository } from '../../repositories/video.repository';
import { imageRef } from '../file/file-view';
import { FileService } from '../file/file.service';
import { CreateVideoDto } from './dto/create-video.dto';
import { UpdateVideoDto } from './dto/update-video.dto';
import { VideoEntity } from './video.entity';
import { Upload } from '../file/upload';

/** The winner video's expected failures; the table's keys are the codes. */
const VIDEO_FAILURES = new Failures({
  NotFound: { status: 404, message: 'Video not found.' },
  RegistrationInvalid: { status: 422, field: 'registration_id', message: 'The selected registration is invalid.' },
});

const VIDEO_TABLE: TableSpec = {
  orderable: { title: 'v.title', registration_id: 'v.registration_id', amount: 'v.amount', id: 'v.id', created_at: 'v.created_at' },
  searchable: ['v.title', 'v.phone', 'v.url'],
  defaultOrder: ['id', 'DESC'],
  tieBreaker: 'v.id',
};

const FIELDS = ['title', 'title_ne', 'url', 'amount', 'phone', 'citizenship_no', 'registration_id'] as const;

export function videoView(v: VideoEntity) {
  return {
    id: v.id,
    title: v.title,
    title_ne: v.title_ne,
    url: v.url,
    amount: v.amount,
    phone: v.phone,
    citizenship_no: v.citizenship_no,
    registration_id: v.registration_id,
    thumbnail: imageRef(v.thumbnail),
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}
export type VideoView = ReturnType<typeof videoView>;

@Injectable()
export class VideoService {
  /** GET /videos serialised once per TTL; every video write drops it. */
  readonly publicAnswer = new CachedAnswer(async () => ({ data: await this.publicList() }));

  constructor(
    private readonly videos: VideoRepository,
    private readonly files: FileService,
    private readonly registrations: RegistrationRepository,
  ) {}

  private query() {
    return this.videos.withThumbnail();
  }

  /** GET /videos: the winners page; only what it shows (no phone, no citizenship number). */
  async publicList() {
    const rows = await this.query().orderBy('v.amount', 'DESC').addOrderBy('v.id', 'DESC').getMany();
    return rows.map((v) => ({ id: v.id, title: v.title, title_ne: v.title_ne, url: v.url, amount: v.amount, thumbnail: imageRef(v.thumbnail) }));
  }

  /** GET /video?amount=: the staff table, optionally one prize amount. */
  table(query: VideoQuery) {
    const qb = this.query();
    if (query.amount !== undefined) qb.andWhere('v.amount = :amount', { amount: query.amount });
    return paginate(qb, query, VIDEO_TABLE, (rows) => rows.map(videoView));
  }

  async findOne(id: string): Promise<VideoView & { registration: WinningRegistration | null }> {
    if (!/^\d{1,9}$/.test(id)) throw VIDEO_FAILURES.fail('NotFound');
    const video = await this.query().where('v.id = :id', { id: Number(id) }).getOne();
    if (!video) throw VIDEO_FAILURES.fail('NotFound');
    const registration = video.registration_id === null ? null : ((await this.registrations.winner(video.registration_id)) ?? null);
    return { ...videoView(video), registration };
  }

  /**
   * A video names its winner by the registration (the form searches it by bill number or
   * phone): it must be a live registration, and the winner's phone and citizenship number
   * are taken from it unless the form sends its own.
   */
  private async fromRegistration(dto: CreateVideoDto | UpdateVideoDto): Promise<void> {
    if (typeof dto.registration_id !== 'number') return;
    const found = await this.registrations.winner(dto.registration_id);
    if (!found) throw VIDEO_FAILURES.fail('RegistrationInvalid');
    dto.phone ??= found.phone;
    dto.citizenship_no ??= found.citizenship_no;
  }

  async create(actor: AuthUser, dto: CreateVideoDto, upload?: Upload): Promise<VideoView> {
    await this.fromRegistration(dto);
    const image = await this.files.imageFor('thumbnail', { ...dto }, upload, actor.id);
    const row: Partial<VideoEntity> = { thumbnail_id: image.id ?? null };
    for (const k of FIELDS) (row as Record<string, unknown>)[k] = dto[k] ?? null;
    let id: number;
    try {
      id = await this.videos.insert(row);
    } catch (e) {
      await this.files.discard(image.stored);
      throw e;
    }
    this.publicAnswer.invalidate();
    return this.findOne(String(id));
  }

  async update(actor: AuthUser, id: string, dto: UpdateVideoDto, upload?: Upload): Promise<VideoView> {
    const video = await this.findOne(id);
    await this.fromRegistration(dto);
    const image = await this.files.imageFor('thumbnail', { ...dto }, upload, actor.id);
    const patch: Partial<VideoEntity> = {};
    for (const k of FIELDS) if (dto[k] !== undefined) (patch as Record<string, unknown>)[k] = dto[k];
    if (image.id !== undefined) patch.thumbnail_id = image.id;
    try {
      if (Object.keys(patch).length) await this.videos.patch(video.id, patch);
    } catch (e) {
      await this.files.discard(image.stored);
      throw e;
    }
    this.publicAnswer.invalidate();
    return this.findOne(String(video.id));
  }

  async remove(id: string): Promise<void> {
    const video = await this.findOne(id);
    await this.videos.delete(video.id);
    this.publicAnswer.invalidate();
  }
}
