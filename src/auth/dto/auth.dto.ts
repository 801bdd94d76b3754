import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { PlayerDto } from '../../players/dto/player.dto.js';

export class RegisterDto {
  @ApiProperty({ example: 'alice', description: '3–20 of A–Z, a–z, 0–9, _ and -; unique case-insensitively' })
  @IsString()
  @Length(3, 20)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'username may contain only letters, digits, _ and -' })
  username: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 8, maxLength: 128 })
  @IsString()
  @Length(8, 128)
  password: string;
}

export class LoginDto {
  @ApiProperty({ example: 'alice' })
  @IsString()
  @Length(1, 100)
  username: string;

  @ApiProperty({ example: 'correct horse battery' })
  @IsString()
  @Length(1, 200)
  password: string;
}

/** `POST /api/auth/guest` takes an empty object. */
export class GuestDto {}

export class AuthResponseDto {
  @ApiProperty({ description: 'Bearer token (JWT, HS256)' }) token: string;
  @ApiProperty({ type: PlayerDto }) player: PlayerDto;
}
