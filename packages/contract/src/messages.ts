import type { LanguageCode } from "./i18n.js";

/**
 * Every user-facing message that both the server and the web app may show, in all three
 * languages. Validation rules in the schemas name these keys, so a rule broken in the
 * browser and the same rule broken on the server read the same to the user.
 * Texts with {name} placeholders are filled by formatMessage.
 */
export const messages = {
	// Spec §5 validation messages
	phoneFormat: {
		"zh-CN": "手机号格式错误",
		en: "Phone number format is wrong",
		km: "ទម្រង់លេខទូរស័ព្ទមិនត្រឹមត្រូវ",
	},
	cardNumber: {
		"zh-CN": "请输入正确的卡号",
		en: "Enter a correct card number",
		km: "សូមបញ្ចូលលេខកាតឲ្យបានត្រឹមត្រូវ",
	},
	remarkTooLong: {
		"zh-CN": "备注最多50个字",
		en: "The remark can be at most 50 characters",
		km: "កំណត់សម្គាល់មិនអាចលើសពី 50 តួអក្សរ",
	},
	selectReservationTime: {
		"zh-CN": "请选择预约时间",
		en: "Please select a reservation time",
		km: "សូមជ្រើសរើសពេលវេលាកក់",
	},
	arrivalTime: {
		"zh-CN": "请选择到店时间",
		en: "Please select an arrival time",
		km: "សូមជ្រើសរើសពេលវេលាមកដល់",
	},
	fillName: {
		"zh-CN": "请填写姓名",
		en: "Please fill in your name",
		km: "សូមបំពេញឈ្មោះ",
	},
	fillPhone: {
		"zh-CN": "请填写手机号",
		en: "Please fill in your phone number",
		km: "សូមបំពេញលេខទូរស័ព្ទ",
	},
	// Opening a new branch (issue 10, decision 018)
	fillBranchName: {
		"zh-CN": "请填写分店的中文名称",
		en: "Fill in the branch's Chinese name",
		km: "សូមបំពេញឈ្មោះសាខាជាភាសាចិន",
	},
	fillBranchAddress: {
		"zh-CN": "请填写分店的中文地址",
		en: "Fill in the branch's Chinese address",
		km: "សូមបំពេញអាសយដ្ឋានសាខាជាភាសាចិន",
	},
	fillBranchPhone: {
		"zh-CN": "请填写分店的联系电话",
		en: "Fill in the branch's phone number",
		km: "សូមបំពេញលេខទូរស័ព្ទរបស់សាខា",
	},
	branchPhoneFormat: {
		"zh-CN": "电话号码格式不正确（数字、空格、+、-）",
		en: "This phone number is not valid (digits, spaces, + and -)",
		km: "លេខទូរស័ព្ទនេះមិនត្រឹមត្រូវ (លេខ ដកឃ្លា + និង -)",
	},
	branchTextTooLong: { "zh-CN": "内容过长", en: "This text is too long", km: "អត្ថបទនេះវែងពេក" },
	chooseCorrectTime: {
		"zh-CN": "请选择正确的时间",
		en: "Please choose a correct time",
		km: "សូមជ្រើសរើសពេលវេលាឲ្យបានត្រឹមត្រូវ",
	},
	outsideOpeningHours: {
		"zh-CN": "所选时间不在营业时间内",
		en: "The time is outside opening hours",
		km: "ពេលវេលានេះនៅក្រៅម៉ោងបើកហាង",
	},
	tickAgreement: {
		"zh-CN": "请先阅读并勾选用户协议",
		en: "Please read and tick the agreement",
		km: "សូមអាន និងធីកយល់ព្រមលើកិច្ចព្រមព្រៀង",
	},
	agreeStoredValue: {
		"zh-CN": "请先同意储值协议",
		en: "Please agree to the stored-value agreement",
		km: "សូមយល់ព្រមលើកិច្ចព្រមព្រៀងបញ្ចូលប្រាក់",
	},
	selectRechargeAmount: {
		"zh-CN": "请选择充值金额",
		en: "Please select a recharge amount",
		km: "សូមជ្រើសរើសចំនួនទឹកប្រាក់បញ្ចូល",
	},
	enterWithdrawalAmount: {
		"zh-CN": "请输入提现金额",
		en: "Please enter the withdrawal amount",
		km: "សូមបញ្ចូលចំនួនទឹកប្រាក់ដកចេញ",
	},
	selectWithdrawalAccount: {
		"zh-CN": "请选择提现账户",
		en: "Please select a withdrawal account",
		km: "សូមជ្រើសរើសគណនីដកប្រាក់",
	},
	enterRecipientAndAddress: {
		"zh-CN": "请填写收货人和地址",
		en: "Please enter the recipient and address",
		km: "សូមបញ្ចូលឈ្មោះអ្នកទទួល និងអាសយដ្ឋាន",
	},
	selectDiners: {
		"zh-CN": "请选择就餐人数",
		en: "Please select the number of diners",
		km: "សូមជ្រើសរើសចំនួនភ្ញៀវ",
	},
	noWithdrawableAmount: {
		"zh-CN": "暂无可提现金额",
		en: "There is no amount available to withdraw",
		km: "មិនមានទឹកប្រាក់អាចដកបានទេ",
	},
	openInWechatForWechatPay: {
		"zh-CN": "请在微信浏览器中打开以使用微信支付",
		en: "Open this page in the WeChat browser to pay with WeChat Pay",
		km: "សូមបើកក្នុងកម្មវិធីរុករក WeChat ដើម្បីបង់ប្រាក់តាម WeChat Pay",
	},
	openInBrowserForAlipay: {
		"zh-CN": "请在普通浏览器中打开以使用支付宝",
		en: "Open this page in an ordinary browser to pay with Alipay",
		km: "សូមបើកក្នុងកម្មវិធីរុករកធម្មតា ដើម្បីបង់ប្រាក់តាម Alipay",
	},
	smsCodeFormat: {
		"zh-CN": "请输入6位数字验证码",
		en: "Enter the 6-digit verification code",
		km: "សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់ 6 ខ្ទង់",
	},
	nicknameLength: {
		"zh-CN": "昵称需为1到20个字",
		en: "The nickname must be 1 to 20 characters",
		km: "ឈ្មោះហៅក្រៅត្រូវមានពី 1 ដល់ 20 តួអក្សរ",
	},
	birthdayInvalid: {
		"zh-CN": "请选择正确的生日",
		en: "Choose a valid birthday",
		km: "សូមជ្រើសរើសថ្ងៃខែឆ្នាំកំណើតឲ្យបានត្រឹមត្រូវ",
	},
	avatarInvalid: {
		"zh-CN": "请上传头像图片",
		en: "Upload the avatar through the app",
		km: "សូមផ្ទុករូបភាពតាមរយៈកម្មវិធី",
	},
	fieldInvalid: {
		"zh-CN": "参数不正确：{field}",
		en: "Invalid value: {field}",
		km: "តម្លៃមិនត្រឹមត្រូវ៖ {field}",
	},
	fieldNotAllowed: {
		"zh-CN": "不允许修改的字段：{field}",
		en: "This field cannot be changed here: {field}",
		km: "មិនអាចកែប្រែវាលនេះនៅទីនេះបានទេ៖ {field}",
	},
	textHasControlChars: {
		"zh-CN": "内容含有不支持的字符",
		en: "The text contains characters that are not allowed",
		km: "អត្ថបទមានតួអក្សរដែលមិនអនុញ្ញាត",
	},

	// Spec §8 user-facing texts
	requestFailed: { "zh-CN": "请求失败", en: "Request failed", km: "សំណើបរាជ័យ" },
	notLoggedIn: { "zh-CN": "未登录", en: "Not signed in", km: "មិនទាន់ចូលគណនី" },
	networkError: {
		"zh-CN": "网络异常，请检查网络后重试",
		en: "Network error: check your connection and try again",
		km: "បញ្ហាបណ្តាញ សូមពិនិត្យការតភ្ជាប់ ហើយព្យាយាមម្តងទៀត",
	},
	requestTimeout: {
		"zh-CN": "请求超时（{ms} 毫秒），请重试",
		en: "The request timed out after {ms} ms, please try again",
		km: "សំណើអស់ពេល ({ms} មិល្លីវិនាទី) សូមព្យាយាមម្តងទៀត",
	},
	featureNotOpen: {
		"zh-CN": "功能暂未开放",
		en: "This feature is not open yet",
		km: "មុខងារនេះមិនទាន់បើកនៅឡើយទេ",
	},
	storeClosed: { "zh-CN": "门店已打烊", en: "The store is closed", km: "ហាងបានបិទហើយ" },
	insufficientStock: { "zh-CN": "库存不足", en: "Insufficient stock", km: "ស្តុកមិនគ្រប់គ្រាន់" },
	addressOutOfRange: {
		"zh-CN": "地址不在配送范围内",
		en: "The address is outside the delivery range",
		km: "អាសយដ្ឋាននៅក្រៅតំបន់ដឹកជញ្ជូន",
	},
	locationFailed: {
		"zh-CN": "获取位置失败，请检查定位权限",
		en: "Failed to get your location: check the location permission",
		km: "មិនអាចទាញយកទីតាំងបានទេ សូមពិនិត្យការអនុញ្ញាតទីតាំង",
	},
	notStoreHours: {
		"zh-CN": "不在门店营业时间内",
		en: "Not during store hours",
		km: "មិនមែនជាម៉ោងបើកហាងទេ",
	},
	insufficientBalance: { "zh-CN": "余额不足", en: "Insufficient balance", km: "សមតុល្យមិនគ្រប់គ្រាន់" },
	cannotOrderOutsideHours: {
		"zh-CN": "非营业时间无法下单",
		en: "You cannot order outside business hours",
		km: "មិនអាចកម្មង់ក្រៅម៉ោងធ្វើការបានទេ",
	},
	confirmClearCart: {
		"zh-CN": "确定清空购物车吗？",
		en: "Clear the cart?",
		km: "តើអ្នកចង់សម្អាតកន្ត្រកទំនិញមែនទេ?",
	},
	confirmDelete: { "zh-CN": "确定删除吗？", en: "Delete this?", km: "តើអ្នកប្រាកដថាចង់លុបមែនទេ?" },
	confirmUnbind: { "zh-CN": "确定解绑吗？", en: "Unbind this?", km: "តើអ្នកប្រាកដថាចង់ផ្ដាច់មែនទេ?" },
	confirmRefund: {
		"zh-CN": "确定申请退款吗？",
		en: "Request a refund?",
		km: "តើអ្នកប្រាកដថាចង់ស្នើសុំការបង្វិលប្រាក់វិញមែនទេ?",
	},

	// Messages of the error codes in errors.ts
	badRequest: { "zh-CN": "请求参数不正确", en: "The request is not valid", km: "សំណើមិនត្រឹមត្រូវ" },
	pleaseSignIn: {
		"zh-CN": "请先登录",
		en: "Please sign in first",
		km: "សូមចូលគណនីជាមុនសិន",
	},
	forbidden: {
		"zh-CN": "没有权限执行此操作",
		en: "You do not have permission to do this",
		km: "អ្នកមិនមានសិទ្ធិធ្វើសកម្មភាពនេះទេ",
	},
	notFound: {
		"zh-CN": "请求的内容不存在",
		en: "What you asked for does not exist",
		km: "រកមិនឃើញអ្វីដែលអ្នកស្នើសុំទេ",
	},
	tooManyRequests: {
		"zh-CN": "操作太频繁，请稍后再试",
		en: "Too many requests, please try again later",
		km: "សំណើច្រើនពេក សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
	},
	internalError: {
		"zh-CN": "系统繁忙，请稍后再试",
		en: "Something went wrong on our side, please try again later",
		km: "ប្រព័ន្ធមានបញ្ហា សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
	},
	tenantUnknown: {
		"zh-CN": "租户不存在，请检查 tenant-id 请求头",
		en: "Unknown tenant: check the tenant-id header",
		km: "រកមិនឃើញអតិថិជនប្រព័ន្ធទេ សូមពិនិត្យ tenant-id",
	},
	shopKeyInvalid: {
		"zh-CN": "门店密钥与租户不匹配",
		en: "The shop key does not belong to this tenant",
		km: "សោហាងមិនត្រូវនឹងអតិថិជនប្រព័ន្ធនេះទេ",
	},
	smsCodeWrong: {
		"zh-CN": "验证码错误",
		en: "The verification code is wrong",
		km: "លេខកូដផ្ទៀងផ្ទាត់មិនត្រឹមត្រូវ",
	},
	smsCodeExpired: {
		"zh-CN": "验证码已失效，请重新获取",
		en: "The verification code is no longer valid, request a new one",
		km: "លេខកូដផ្ទៀងផ្ទាត់លែងមានសុពលភាព សូមស្នើលេខកូដថ្មី",
	},
	smsSendTooFrequent: {
		"zh-CN": "发送太频繁，请{seconds}秒后再试",
		en: "Please wait {seconds} s before requesting another code",
		km: "សូមរង់ចាំ {seconds} វិនាទី មុនពេលស្នើលេខកូដថ្មី",
	},
	smsSendLimit: {
		"zh-CN": "该号码获取验证码次数过多，请{minutes}分钟后再试",
		en: "Too many codes were sent to this number, try again in {minutes} min",
		km: "លេខនេះបានស្នើលេខកូដច្រើនដងពេក សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី",
	},
	smsSendIpLimit: {
		"zh-CN": "当前网络获取验证码次数过多，请稍后再试",
		en: "Too many codes were requested from your network, try again later",
		km: "បណ្តាញរបស់អ្នកបានស្នើលេខកូដច្រើនដងពេក សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
	},
	sessionExpired: {
		"zh-CN": "登录已过期，请重新登录",
		en: "Your session has expired, please sign in again",
		km: "សម័យប្រើប្រាស់បានផុតកំណត់ សូមចូលគណនីម្តងទៀត",
	},
	memberDisabled: {
		"zh-CN": "该账号已被停用，请联系门店",
		en: "This account has been disabled, please contact the shop",
		km: "គណនីនេះត្រូវបានបិទ សូមទាក់ទងហាង",
	},
	telegramInvalid: {
		"zh-CN": "Telegram 身份校验失败，请从 Telegram 重新打开",
		en: "Telegram data could not be verified, reopen the app from Telegram",
		km: "មិនអាចផ្ទៀងផ្ទាត់ទិន្នន័យ Telegram បានទេ សូមបើកកម្មវិធីពី Telegram ម្តងទៀត",
	},
	telegramExpired: {
		"zh-CN": "Telegram 登录信息已过期，请从 Telegram 重新打开",
		en: "Telegram sign-in data is out of date, reopen the app from Telegram",
		km: "ទិន្នន័យចូល Telegram ហួសសុពលភាព សូមបើកកម្មវិធីពី Telegram ម្តងទៀត",
	},
	telegramNotConfigured: {
		"zh-CN": "服务器未配置 Telegram 登录",
		en: "Telegram sign-in is not configured on this server",
		km: "ម៉ាស៊ីនមេមិនទាន់កំណត់ការចូលតាម Telegram ទេ",
	},
	telegramAlreadyLinked: {
		"zh-CN": "该 Telegram 账号已绑定其他会员",
		en: "This Telegram account is already linked to another member",
		km: "គណនី Telegram នេះបានភ្ជាប់ជាមួយសមាជិកផ្សេងរួចហើយ",
	},
	wechatLoginFailed: {
		"zh-CN": "登录失败，请返回首页刷新重试",
		en: "Sign-in failed: go back to the home page and refresh",
		km: "ការចូលបរាជ័យ សូមត្រឡប់ទៅទំព័រដើម ហើយផ្ទុកឡើងវិញ",
	},
	addressLimit: {
		"zh-CN": "最多保存 {max} 个地址，请先删除不用的地址",
		en: "You can keep at most {max} addresses: delete one you no longer use",
		km: "អ្នកអាចរក្សាទុកអាសយដ្ឋានបានច្រើនបំផុត {max} សូមលុបអាសយដ្ឋានដែលលែងប្រើ",
	},
	chooseDeliveryAddress: {
		"zh-CN": "请选择收货地址",
		en: "Please choose a delivery address",
		km: "សូមជ្រើសរើសអាសយដ្ឋានដឹកជញ្ជូន",
	},
	itemUnavailable: {
		"zh-CN": "该商品已下架",
		en: "This item is no longer on the menu",
		km: "មុខម្ហូបនេះលែងមាននៅក្នុងម៉ឺនុយទៀតហើយ",
	},
	itemSoldOut: { "zh-CN": "已售罄", en: "Sold out", km: "អស់ហើយ" },
	optionInvalid: {
		"zh-CN": "所选规格已不可用，请重新选择",
		en: "A choice you made is no longer available, please choose again",
		km: "ជម្រើសដែលអ្នកបានជ្រើសលែងមានទៀតហើយ សូមជ្រើសរើសម្តងទៀត",
	},
	optionRequired: {
		"zh-CN": "请选择{group}",
		en: "Please choose {group}",
		km: "សូមជ្រើសរើស{group}",
	},
	tooManyOptions: {
		"zh-CN": "{group}最多选{max}项",
		en: "Choose at most {max} for {group}",
		km: "{group} អាចជ្រើសរើសបានច្រើនបំផុត {max}",
	},
	itemNotForOrderType: {
		"zh-CN": "该商品不支持{orderType}",
		en: "This item is not available for {orderType}",
		km: "មុខម្ហូបនេះមិនមានសម្រាប់{orderType}ទេ",
	},
	storeNotAccepting: {
		"zh-CN": "门店暂停接单，请稍后再试",
		en: "The store is not taking orders right now, please try again later",
		km: "ហាងមិនទទួលការកម្មង់នៅពេលនេះទេ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
	},
	orderTypeNotOffered: {
		"zh-CN": "该门店暂不支持{orderType}",
		en: "This store does not offer {orderType}",
		km: "ហាងនេះមិនផ្តល់សេវា{orderType}ទេ",
	},
	belowMinDeliveryPrice: {
		"zh-CN": "外卖{amount}起送",
		en: "Delivery needs an order of at least {amount}",
		km: "ការដឹកជញ្ជូនត្រូវការការកម្មង់យ៉ាងតិច {amount}",
	},
	tableInvalid: {
		"zh-CN": "桌码无效，请重新扫描桌上的二维码",
		en: "This table code is not valid: scan the QR code on your table again",
		km: "លេខកូដតុនេះមិនត្រឹមត្រូវទេ សូមស្កេនកូដ QR នៅលើតុរបស់អ្នកម្តងទៀត",
	},
	tableNumberTaken: {
		"zh-CN": "本店已有这个桌号，请换一个",
		en: "This shop already has a table with this number: choose another",
		km: "ហាងនេះមានតុលេខនេះរួចហើយ សូមជ្រើសលេខផ្សេង",
	},
	tableNumberRequired: { "zh-CN": "请填写桌号", en: "Enter the table number", km: "សូមបញ្ចូលលេខតុ" },
	tableNumberTooLong: {
		"zh-CN": "桌号最多 12 个字",
		en: "A table number has at most 12 characters",
		km: "លេខតុមានយ៉ាងច្រើន 12 តួអក្សរ",
	},
	tableSeatsInvalid: {
		"zh-CN": "座位数须为 1 到 99 的整数",
		en: "Seats must be a whole number from 1 to 99",
		km: "ចំនួនកៅអីត្រូវតែជាចំនួនគត់ពី 1 ដល់ 99",
	},
	tableAreaZhRequired: {
		"zh-CN": "请填写区域的中文名称，或清空区域",
		en: "Enter the area's Chinese name, or leave the area empty",
		km: "សូមបញ្ចូលឈ្មោះតំបន់ជាភាសាចិន ឬទុកតំបន់ឱ្យទទេ",
	},
	tableAreaTooLong: {
		"zh-CN": "区域名称最多 30 个字",
		en: "An area name has at most 30 characters",
		km: "ឈ្មោះតំបន់មានយ៉ាងច្រើន 30 តួអក្សរ",
	},
	bellCoolingDown: {
		"zh-CN": "已通知店员，请{seconds}秒后再呼叫",
		en: "The staff have been called: you can call again in {seconds} s",
		km: "បុគ្គលិកត្រូវបានហៅហើយ អ្នកអាចហៅម្តងទៀតក្នុងរយៈពេល {seconds} វិនាទី",
	},
	orderTypeTakein: { "zh-CN": "到店自取", en: "pickup", km: "មកយកផ្ទាល់" },
	orderTypeTakeout: { "zh-CN": "外卖配送", en: "delivery", km: "ដឹកជញ្ជូន" },
	orderTypeDesk: { "zh-CN": "堂食", en: "dine-in", km: "ញ៉ាំនៅហាង" },
	orderNotPayable: {
		"zh-CN": "订单已取消或已支付，无需再付款",
		en: "This order is cancelled or already paid: nothing to pay",
		km: "ការកម្មង់នេះត្រូវបានលុបចោល ឬបានបង់រួចហើយ៖ មិនចាំបាច់បង់ទៀតទេ",
	},
	idempotencyKeyRequired: {
		"zh-CN": "请求缺少幂等键，请刷新页面后重试",
		en: "The request lacks its idempotency key: reload the page and try again",
		km: "សំណើខ្វះលេខកូដការពារការស្ទួន សូមផ្ទុកទំព័រឡើងវិញ ហើយព្យាយាមម្តងទៀត",
	},
	idempotencyKeyReused: {
		"zh-CN": "该请求已提交过不同的内容，请刷新页面后重试",
		en: "This request was already sent with different content: reload the page and try again",
		km: "សំណើនេះត្រូវបានផ្ញើរួចហើយជាមួយខ្លឹមសារផ្សេង សូមផ្ទុកទំព័រឡើងវិញ ហើយព្យាយាមម្តងទៀត",
	},
	orderNotCancellable: {
		"zh-CN": "门店已接单，无法取消，如需退款请申请退款",
		en: "The shop has already accepted this order: it can no longer be cancelled, request a refund instead",
		km: "ហាងបានទទួលការកម្មង់នេះហើយ មិនអាចលុបចោលបានទេ សូមស្នើសុំការបង្វិលប្រាក់វិញជំនួសវិញ",
	},
	payMethodUnavailable: {
		"zh-CN": "该支付方式暂不可用，请选择其他方式",
		en: "This payment method is not available: choose another one",
		km: "វិធីបង់ប្រាក់នេះមិនអាចប្រើបានទេ សូមជ្រើសរើសវិធីផ្សេង",
	},
	orderStateChanged: {
		"zh-CN": "订单状态已变化，请刷新后查看",
		en: "This order has changed meanwhile: refresh to see where it is now",
		km: "ស្ថានភាពការកម្មង់បានផ្លាស់ប្តូរ សូមផ្ទុកឡើងវិញដើម្បីមើលស្ថានភាពបច្ចុប្បន្ន",
	},
	refundNotAllowed: {
		"zh-CN": "该订单当前无法申请退款",
		en: "A refund cannot be requested for this order now",
		km: "មិនអាចស្នើសុំការបង្វិលប្រាក់វិញសម្រាប់ការកម្មង់នេះនៅពេលនេះទេ",
	},
	customerNotFound: {
		"zh-CN": "未找到该手机号的会员，请让顾客先注册",
		en: "No member has this phone number: ask the customer to sign up first",
		km: "រកមិនឃើញសមាជិកដែលមានលេខទូរស័ព្ទនេះទេ សូមឲ្យអតិថិជនចុះឈ្មោះជាមុនសិន",
	},
	billChanged: {
		"zh-CN": "账单已有变动（有新的加菜或退菜），请核对金额后再支付",
		en: "The bill has changed (a round was added or removed): check the new total and pay again",
		km: "វិក្កយបត្របានផ្លាស់ប្តូរ (មានការកម្មង់បន្ថែម ឬដកចេញ) សូមពិនិត្យចំនួនទឹកប្រាក់ថ្មី ហើយបង់ម្តងទៀត",
	},
	billSettled: {
		"zh-CN": "该桌账单已结清",
		en: "This table's bill has already been settled",
		km: "វិក្កយបត្ររបស់តុនេះត្រូវបានទូទាត់រួចហើយ",
	},
	billNothingDue: {
		"zh-CN": "该账单没有待支付的金额",
		en: "There is nothing left to pay on this bill",
		km: "វិក្កយបត្រនេះគ្មានប្រាក់ដែលត្រូវបង់ទៀតទេ",
	},
	noOpenBill: {
		"zh-CN": "该桌暂无未结账单，请先点餐",
		en: "This table has no open bill: order first",
		km: "តុនេះមិនទាន់មានវិក្កយបត្រនៅឡើយ សូមកម្មង់ជាមុនសិន",
	},
	seatingEnded: {
		"zh-CN": "本次用餐已结束（账单已结清或桌台已清台），如需继续点餐，请重新扫描桌上的二维码",
		en: "This seating has ended (the bill was settled or the table cleared): to order again, scan the QR code on your table",
		km: "ការអង្គុយញ៉ាំលើកនេះបានបញ្ចប់ហើយ (វិក្កយបត្រត្រូវបានទូទាត់ ឬតុត្រូវបានសម្អាត) ដើម្បីកម្មង់ម្តងទៀត សូមស្កេនកូដ QR នៅលើតុរបស់អ្នក",
	},
	billRoundPaid: {
		"zh-CN": "该轮点单已付款，不能移除，如需退款请走退款流程",
		en: "This round is already paid and cannot be removed: refund it instead",
		km: "ការកម្មង់លើកនេះបានបង់រួចហើយ មិនអាចដកចេញបានទេ សូមបង្វិលប្រាក់វិញជំនួសវិញ",
	},
	enterReason: {
		"zh-CN": "请填写原因",
		en: "Please give a reason",
		km: "សូមបញ្ជាក់មូលហេតុ",
	},
	reasonTooLong: {
		"zh-CN": "原因最多200个字",
		en: "The reason can be at most 200 characters",
		km: "មូលហេតុមិនអាចលើសពី 200 តួអក្សរ",
	},
	fileMissing: {
		"zh-CN": "请选择要上传的文件",
		en: "Choose a file to upload",
		km: "សូមជ្រើសរើសឯកសារដើម្បីផ្ទុកឡើង",
	},
	fileNotImage: {
		"zh-CN": "只能上传图片（JPEG、PNG、WebP、GIF）",
		en: "Only images can be uploaded (JPEG, PNG, WebP or GIF)",
		km: "អាចផ្ទុកឡើងតែរូបភាពប៉ុណ្ណោះ (JPEG, PNG, WebP ឬ GIF)",
	},
	fileTooLarge: {
		"zh-CN": "图片不能超过 {mb} MB",
		en: "The image must be at most {mb} MB",
		km: "រូបភាពមិនអាចលើសពី {mb} MB",
	},
	imageDimensionsTooLarge: {
		"zh-CN": "图片尺寸过大，每边最多 {px} 像素",
		en: "The image is too large: at most {px} pixels per side",
		km: "រូបភាពធំពេក៖ យ៉ាងច្រើន {px} ភីកសែលក្នុងមួយជ្រុង",
	},
	animationTooLarge: {
		"zh-CN": "动图过大：最多 {frames} 帧，所有帧合计最多 {mp} 百万像素",
		en: "The animation is too large: at most {frames} frames and {mp} million pixels in all frames together",
		km: "រូបភាពមានចលនាធំពេក៖ យ៉ាងច្រើន {frames} ស៊ុម និង {mp} លានភីកសែលសរុបគ្រប់ស៊ុម",
	},
	imageTooSlowToProcess: {
		"zh-CN": "图片处理时间过长，请缩小图片后重试",
		en: "This image takes too long to process: save it smaller and try again",
		km: "រូបភាពនេះដំណើរការយូរពេក សូមរក្សាទុកវាឱ្យតូចជាងនេះ ហើយព្យាយាមម្តងទៀត",
	},
	uploadBusy: {
		"zh-CN": "当前处理的图片较多，请稍后再试",
		en: "Many images are being processed right now, please try again in a moment",
		km: "កំពុងដំណើរការរូបភាពច្រើនពេក សូមព្យាយាមម្តងទៀតបន្តិចទៀត",
	},
	uploadIncomplete: {
		"zh-CN": "上传的数据不完整或已损坏，请重试",
		en: "The upload was incomplete or damaged, please try again",
		km: "ការផ្ទុកឡើងមិនពេញលេញ ឬខូច សូមព្យាយាមម្តងទៀត",
	},
	// Shop settings (issue 10)
	textTooLong: { "zh-CN": "内容过长", en: "This text is too long", km: "អត្ថបទនេះវែងពេក" },
	chooseCorrectDate: { "zh-CN": "请选择正确的日期", en: "Choose a correct date", km: "សូមជ្រើសរើសកាលបរិច្ឆេទឲ្យបានត្រឹមត្រូវ" },
	amountNegative: { "zh-CN": "金额不能为负数", en: "The amount cannot be negative", km: "ចំនួនទឹកប្រាក់មិនអាចអវិជ្ជមានបានទេ" },
	fillShopName: {
		"zh-CN": "请填写门店的中文名称",
		en: "Fill in the shop's Chinese name",
		km: "សូមបំពេញឈ្មោះហាងជាភាសាចិន",
	},
	fillShopAddress: {
		"zh-CN": "请填写门店的中文地址",
		en: "Fill in the shop's Chinese address",
		km: "សូមបំពេញអាសយដ្ឋានហាងជាភាសាចិន",
	},
	tooManyPhotos: { "zh-CN": "最多9张照片", en: "At most 9 photos", km: "រូបថតច្រើនបំផុត 9" },
	chooseOrderTypes: {
		"zh-CN": "请至少选择一种点餐方式",
		en: "Choose at least one way to order",
		km: "សូមជ្រើសរើសយ៉ាងហោចណាស់វិធីកម្មង់មួយ",
	},
	closesEqualsOpens: {
		"zh-CN": "打烊时间不能与开门时间相同",
		en: "The closing time cannot be the same as the opening time",
		km: "ម៉ោងបិទមិនអាចដូចម៉ោងបើកបានទេ",
	},
	hoursOverlap: {
		"zh-CN": "该营业时段与另一个时段重叠",
		en: "These hours overlap other hours",
		km: "ម៉ោងទាំងនេះជាន់គ្នាជាមួយម៉ោងផ្សេងទៀត",
	},
	closureDatesReversed: {
		"zh-CN": "结束日期不能早于开始日期",
		en: "The end date cannot be before the start date",
		km: "កាលបរិច្ឆេទបញ្ចប់មិនអាចមុនកាលបរិច្ឆេទចាប់ផ្តើមបានទេ",
	},
	zoneTooFewPoints: {
		"zh-CN": "配送区域至少需要3个点",
		en: "A delivery zone needs at least 3 points",
		km: "តំបន់ដឹកជញ្ជូនត្រូវការយ៉ាងហោចណាស់ 3 ចំណុច",
	},
	zoneTooManyPoints: {
		"zh-CN": "配送区域最多100个点",
		en: "A delivery zone can have at most 100 points",
		km: "តំបន់ដឹកជញ្ជូនអាចមានច្រើនបំផុត 100 ចំណុច",
	},
	zoneSelfCrossing: {
		"zh-CN": "配送区域的边不能交叉",
		en: "The edges of a delivery zone cannot cross",
		km: "គែមនៃតំបន់ដឹកជញ្ជូនមិនអាចកាត់គ្នាបានទេ",
	},
	previewPickItems: {
		"zh-CN": "请选择至少一件商品",
		en: "Pick at least one item",
		km: "សូមជ្រើសរើសយ៉ាងហោចណាស់ទំនិញមួយ",
	},
	changedBySomeoneElse: {
		"zh-CN": "内容已被他人修改，请刷新后重新保存",
		en: "Someone else changed this in the meantime: reload and save again",
		km: "មានអ្នកផ្សេងបានកែប្រែរួចហើយ សូមផ្ទុកឡើងវិញ ហើយរក្សាទុកម្តងទៀត",
	},
	deliveryZoneNumbered: { "zh-CN": "配送区域 {n}", en: "Delivery zone {n}", km: "តំបន់ដឹកជញ្ជូន {n}" },
	storePausedUntil: {
		"zh-CN": "门店暂停接单，{time} 恢复接单",
		en: "The shop has paused new orders until {time}",
		km: "ហាងបានផ្អាកការកម្មង់ថ្មីរហូតដល់ម៉ោង {time}",
	},
	staffLastOwner: {
		"zh-CN": "门店至少需要一位店主，不能降级或移除最后一位店主",
		en: "A shop needs at least one owner: the last owner cannot be changed or removed",
		km: "ហាងត្រូវមានម្ចាស់យ៉ាងហោចណាស់ម្នាក់ មិនអាចប្ដូរ ឬដកម្ចាស់ចុងក្រោយចេញបានទេ",
	},
	staffAlreadyAdded: {
		"zh-CN": "该手机号已是本店员工",
		en: "This phone number already works at this shop",
		km: "លេខទូរស័ព្ទនេះធ្វើការនៅហាងនេះរួចហើយ",
	},
	staffRoleInvalid: {
		"zh-CN": "请选择角色：店主、店长或店员",
		en: "Choose a role: owner, manager or staff",
		km: "សូមជ្រើសរើសតួនាទី៖ ម្ចាស់ អ្នកគ្រប់គ្រង ឬបុគ្គលិក",
	},
	// Menu editing (issue 10)
	menuChanged: {
		"zh-CN": "已被其他人修改，请刷新后再保存",
		en: "Changed by someone else since you opened it: reload and try again",
		km: "មាននរណាម្នាក់បានកែប្រែវារួចហើយ សូមផ្ទុកឡើងវិញ ហើយព្យាយាមម្តងទៀត",
	},
	priceChanged: {
		"zh-CN": "价格已从 {was} 变为 {now}",
		en: "The price changed from {was} to {now}",
		km: "តម្លៃបានប្តូរពី {was} ទៅ {now}",
	},
	menuCategoryNameRequired: {
		"zh-CN": "请填写分类的中文名称",
		en: "Enter the category's Chinese name",
		km: "សូមបញ្ចូលឈ្មោះប្រភេទជាភាសាចិន",
	},
	menuItemNameRequired: {
		"zh-CN": "请填写商品的中文名称",
		en: "Enter the item's Chinese name",
		km: "សូមបញ្ចូលឈ្មោះមុខម្ហូបជាភាសាចិន",
	},
	menuGroupNameRequired: {
		"zh-CN": "请填写规格组的中文名称",
		en: "Enter the option group's Chinese name",
		km: "សូមបញ្ចូលឈ្មោះក្រុមជម្រើសជាភាសាចិន",
	},
	menuOptionNameRequired: {
		"zh-CN": "请填写每个选项的中文名称",
		en: "Enter a Chinese name for every option",
		km: "សូមបញ្ចូលឈ្មោះជាភាសាចិនសម្រាប់ជម្រើសនីមួយៗ",
	},
	menuNameTooLong: {
		"zh-CN": "名称最多60个字",
		en: "A name can be at most 60 characters",
		km: "ឈ្មោះមិនអាចលើសពី 60 តួអក្សរ",
	},
	menuDescriptionTooLong: {
		"zh-CN": "描述最多500个字",
		en: "A description can be at most 500 characters",
		km: "ការពិពណ៌នាមិនអាចលើសពី 500 តួអក្សរ",
	},
	menuDescriptionZhRequired: {
		"zh-CN": "请同时填写中文描述（其他语言缺少时显示它）",
		en: "Enter the Chinese description too (it is shown where a translation is missing)",
		km: "សូមបញ្ចូលការពិពណ៌នាជាភាសាចិនផងដែរ (វាបង្ហាញនៅពេលខ្វះការបកប្រែ)",
	},
	menuPriceNegative: {
		"zh-CN": "价格不能为负数",
		en: "A price cannot be negative",
		km: "តម្លៃមិនអាចជាចំនួនអវិជ្ជមានបានទេ",
	},
	menuPriceWhole: {
		"zh-CN": "价格格式不正确",
		en: "The price is not a valid amount",
		km: "តម្លៃមិនមែនជាចំនួនត្រឹមត្រូវ",
	},
	menuPriceTooHigh: {
		"zh-CN": "价格过高",
		en: "The price is too high",
		km: "តម្លៃខ្ពស់ពេក",
	},
	menuOriginalPriceNotHigher: {
		"zh-CN": "原价必须高于售价",
		en: "The original price must be higher than the price",
		km: "តម្លៃដើមត្រូវតែខ្ពស់ជាងតម្លៃលក់",
	},
	menuStockInvalid: {
		"zh-CN": "库存必须是0或正整数",
		en: "Stock must be a whole number, 0 or more",
		km: "ស្តុកត្រូវតែជាចំនួនគត់ ពី 0 ឡើងទៅ",
	},
	menuOrderTypesRequired: {
		"zh-CN": "请至少选择一种下单方式",
		en: "Choose at least one way to order it",
		km: "សូមជ្រើសរើសយ៉ាងហោចណាស់វិធីកុម្ម៉ង់មួយ",
	},
	menuImageNotUploaded: {
		"zh-CN": "请先上传图片",
		en: "Upload the photo first",
		km: "សូមផ្ទុករូបភាពឡើងជាមុនសិន",
	},
	menuMaxChoicesTooLow: {
		"zh-CN": "最多可选至少为1",
		en: "“At most” must be at least 1",
		km: "«យ៉ាងច្រើន» ត្រូវតែយ៉ាងហោចណាស់ 1",
	},
	menuMinAboveMax: {
		"zh-CN": "最少可选不能大于最多可选",
		en: "“At least” cannot be more than “at most”",
		km: "«យ៉ាងហោចណាស់» មិនអាចលើស «យ៉ាងច្រើន» បានទេ",
	},
	menuMaxAboveOptions: {
		"zh-CN": "最多可选不能超过选项数量",
		en: "“At most” cannot be more than the number of options",
		km: "«យ៉ាងច្រើន» មិនអាចលើសចំនួនជម្រើសបានទេ",
	},
	menuOptionsRequired: {
		"zh-CN": "请至少添加一个选项",
		en: "Add at least one option",
		km: "សូមបន្ថែមជម្រើសយ៉ាងហោចណាស់មួយ",
	},
	menuTooManyDefaults: {
		"zh-CN": "默认选项不能多于最多可选",
		en: "More options are marked default than can be chosen",
		km: "ជម្រើសលំនាំដើមច្រើនជាងចំនួនដែលអាចជ្រើសបាន",
	},
} as const satisfies Record<string, Record<LanguageCode, string>>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
	return Object.hasOwn(messages, key);
}

/** The message in the language asked for (zh-CN when unknown), with {placeholders} filled. */
export function formatMessage(key: MessageKey, lang: string, params: Record<string, string | number> = {}): string {
	const entry: Record<string, string> = messages[key];
	const text = entry[lang] ?? entry["zh-CN"] ?? key;
	return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
