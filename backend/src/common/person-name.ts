import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { PERSON_NAME_MAX, PERSON_NAME_RE, personNameProblem } from '@campaign/domain';

/** The DTO field `name` of a public form: trimmed, inner spaces collapsed, then @campaign/domain's person-name rule (form-text.ts; 422 under `name`), which the public forms also filter with as the user types. */
export const PersonNameField = () =>
  applyDecorators(
    ApiProperty({ example: 'Sita Sharma', maxLength: PERSON_NAME_MAX, pattern: PERSON_NAME_RE.source }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value)),
    ValidateBy({
      name: 'personName',
      validator: { validate: (v) => personNameProblem(v) === null, defaultMessage: (a) => personNameProblem(a?.value) ?? 'Invalid.' },
    }),
  );
