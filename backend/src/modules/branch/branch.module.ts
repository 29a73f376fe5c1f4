import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchEntity } from './branch.entity';

@Module({ imports: [TypeOrmModule.forFeature([BranchEntity])], exports: [TypeOrmModule] })
export class BranchModule {}
