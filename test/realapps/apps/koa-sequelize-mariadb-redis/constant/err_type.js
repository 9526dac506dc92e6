module.exports = {
  userFormateError: {
    code: "10001",
    msg: "邮箱或密码为空",
    data: "",
  },
  userAlreadyExited: {
    code: "10002",
    msg: "邮箱已经存在",
    data: "",
  },
  userRegisterError: {
    code: "10003",
    msg: "密码不能为空",
    data: "",
  },
  userDoesNotExist: {
    code: "10004",
    msg: "用户不存在",
    data: "",
  },
  userLoginError: {
    code: "10005",
    msg: "用户登录失败",
    data: "",
  },
  invalidPassword: {
    code: "10006",
    msg: "密码错误",
    data: "",
  },
  delError: {
    code: "10007",
    msg: "删除异常",
    data: "",
  },
  emailError: {
    code: "10008",
    msg: "邮箱验证错误，请重新输入",
    data: "",
  },
  userEmailFormateError: {
    code: "10009",
    msg: "邮箱或验证码为空",
    data: "",
  },
  EmailCodeNull:{
    code: "10010",
    msg: "验证码已过期或不存在",
    data: "",
  },
  EmaillCodeError:{
    code: "10011",
    msg: "验证码不匹配",
    data: "",
  },
  githubCodeError:{
    code: "10012",
    msg: "github code 不存在",
    data: "",
  },
  tokenExpiredError: {
    code: "10101",
    msg: "token过期",
    data: "",
  },
  invalidToken: {
    code: "10102",
    msg: "无效的token",
    data: "",
  },
  hasNotAdminPermission: {
    code: "10103",
    msg: "没有管理员权限",
    data: "",
  },
  fileUploadError: {
    code: "10201",
    msg: "文件上传失败",
    data: "",
  },
  unSupportedFileType: {
    code: "10202",
    msg: "文件类型错误",
    data: "",
  },
  goodsFormatError: {
    code: "10203",
    msg: "文章参数格式错误",
    data: "",
  },
  publishGoodsError: {
    code: "10204",
    msg: "文章添加失败",
    data: "",
  },
  invalidGoodsID: {
    code: "10205",
    msg: "文章信息不存在",
    data: "",
  },
};
