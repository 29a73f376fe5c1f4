import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { CLIENT_SEED_PATTERN } from '@campaign/domain';

/**
 * The seed a browser sends with a record for its provably fair draw (docs/fairness.md): the
 * public site and the admin send 32 random hex characters. Optional: without one the draw
 * makes its own and its audit says so.
 */
export const ClientSeedField = () =>
  applyDecorators(
    ApiProperty({ required: false, nullable: true, example: '9f2c4e1a7b3d5f6081a2c3d4e5f60718', description: 'Random seed from the browser for the provably fair draw' }),
    IsOptional(),
    Matches(CLIENT_SEED_PATTERN, { message: 'The client seed must be 16 to 64 letters, digits, - or _.' }),
  );
