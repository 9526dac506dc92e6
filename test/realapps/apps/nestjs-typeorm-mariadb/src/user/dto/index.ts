export { CreateUserDto } from './create-user.dto';
export { LoginUserDto } from './login-user.dto';
export { UpdateUserDto } from './update-user.dto';