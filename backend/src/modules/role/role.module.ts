import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RoleController } from './role.controller';
import { RoleEntity } from './role.entity';

@Module({ imports: [TypeOrmModule.forFeature([RoleEntity])], controllers: [RoleController] })
export class RoleModule {}
