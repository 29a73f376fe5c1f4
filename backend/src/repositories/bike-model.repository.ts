import { Injectable } from '@nestjs/common';
import { In, SelectQueryBuilder } from 'typeorm';
import { BikeModelEntity } from '../modules/bike-model/bike-model.entity';
import { Db } from './db';

/** The bike models' table (bike_model): every statement that names it, on the caller's transaction when one is open (db.ts). */
@Injectable()
export class BikeModelRepository {
  constructor(private readonly db: Db) {}

  private get models() {
    return this.db.em.getRepository(BikeModelEntity);
  }

  /** Every model's id. */
  async ids(): Promise<number[]> {
    return (await this.models.find({ select: { id: true } })).map((r) => r.id);
  }

  /** Id and titles of a model, or undefined. */
  async brief(id: number): Promise<{ id: number; title: string; title_ne: string | null } | undefined> {
    return (await this.models.findOne({ where: { id }, select: { id: true, title: true, title_ne: true } })) ?? undefined;
  }

  /** Ids and titles of the models `ids`. */
  titles(ids: number[]): Promise<Array<{ id: number; title: string }>> {
    return this.models.find({ where: { id: In(ids) }, select: { id: true, title: true } });
  }

  /** Every model's id and title in list order. */
  all(): Promise<Array<{ id: number; title: string }>> {
    return this.models.find({ select: { id: true, title: true }, order: { order: 'ASC', id: 'ASC' } });
  }

  /** The models with their picture (alias `m`). */
  withThumbnail(): SelectQueryBuilder<BikeModelEntity> {
    return this.models.createQueryBuilder('m').leftJoinAndSelect('m.thumbnail', 'thumbnail');
  }

  /** Whether another model (not `exceptId`) has the title, in any case. */
  titleTaken(title: string, exceptId?: number): Promise<boolean> {
    const qb = this.models.createQueryBuilder('m').where('lower(m.title) = lower(:title)', { title });
    if (exceptId) qb.andWhere('m.id <> :exceptId', { exceptId });
    return qb.getExists();
  }

  /** Stores a new model last in the list order (the caller holds the transaction). */
  async insertLast(values: Omit<Partial<BikeModelEntity>, 'order'>): Promise<void> {
    const [{ next }] = await this.db.query<{ next: number }>(`SELECT COALESCE(max("order"), 0) + 1 AS next FROM bike_model`);
    await this.db.em.insert(BikeModelEntity, { ...values, order: next });
  }

  /** A model's changed fields. */
  async patch(id: number, patch: Partial<BikeModelEntity>): Promise<void> {
    await this.models.update({ id }, patch);
  }

  /** Deletes a model (the foreign keys refuse while a record names it). */
  async delete(id: number): Promise<void> {
    await this.models.delete({ id });
  }
}
