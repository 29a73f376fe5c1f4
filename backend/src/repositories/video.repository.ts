import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { VideoEntity } from '../modules/video/video.entity';
import { Db } from './db';

/** The winners' videos' table (video): every statement that names it, on the caller's transaction when one is open (db.ts). */
@Injectable()
export class VideoRepository {
  constructor(private readonly db: Db) {}

  private get videos() {
    return this.db.em.getRepository(VideoEntity);
  }

  /** The videos with their picture (alias `v`). */
  withThumbnail(): SelectQueryBuilder<VideoEntity> {
    return this.videos.createQueryBuilder('v').leftJoinAndSelect('v.thumbnail', 'thumbnail');
  }

  /** Stores a new video; answers its id. */
  async insert(row: Partial<VideoEntity>): Promise<number> {
    return (await this.videos.insert(row)).identifiers[0].id;
  }

  /** A video's changed fields. */
  async patch(id: number, patch: Partial<VideoEntity>): Promise<void> {
    await this.videos.update({ id }, patch);
  }

  /** Deletes a video. */
  async delete(id: number): Promise<void> {
    await this.videos.delete({ id });
  }
}
