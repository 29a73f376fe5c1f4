import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, ValidateIf } from 'class-validator';

/**
 * A record's image field in a JSON or multipart body: the id of an uploaded image (number,
 * numeric string, or the served `{ id, url, thumbnail }` object, also as JSON text), or
 * ''/null to remove it. A new file under the same name comes through the FileInterceptor.
 */
export function ImageIdField(what: string) {
  return applyDecorators(
    ApiProperty({ required: false, nullable: true, type: Number, description: `id of an uploaded image (POST /upload); null removes the ${what}` }),
    IsOptional(),
    Transform(({ value }) => toImageId(value)),
    ValidateIf((_, v) => v !== null),
    IsInt({ message: `The selected ${what} is invalid.` }),
  );
}

function toImageId(value: unknown): unknown {
  if (value === '' || value === null) return null;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      value = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (value && typeof value === 'object' && 'id' in value) value = (value as { id: unknown }).id;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value);
  return value;
}
