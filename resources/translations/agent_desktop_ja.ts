<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>unknown (not installed as a package)</source>
        <translation>不明（パッケージとしてインストールされていません）</translation>
    </message>
    <message>
        <source>About Agent Desktop</source>
        <translation>Agent Desktop について</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agent Desktop&lt;/b&gt;</source>
        <translation>&lt;b&gt;Agent Desktop&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</source>
        <translation>バージョン {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>データフォルダー</translation>
    </message>
    <message>
        <source>Settings folder</source>
        <translation>設定フォルダー</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>ログフォルダー</translation>
    </message>
    <message>
        <source>{label}:</source>
        <translation>{label}：</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Open {folder}</source>
        <translation>{folder}を開く</translation>
    </message>
</context>
<context>
    <name>ActionDialogs</name>
    <message>
        <source>The action failed ({kind}).</source>
        <translation>アクションが失敗しました（{kind}）。</translation>
    </message>
    <message>
        <source>The action failed.</source>
        <translation>アクションが失敗しました。</translation>
    </message>
    <message>
        <source>Reported by the plugin “{plugin}”.</source>
        <translation>報告元のプラグイン：「{plugin}」</translation>
    </message>
</context>
<context>
    <name>ActionField</name>
    <message>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>処理中…</translation>
    </message>
</context>
<context>
    <name>ActionFormDialog</name>
    <message>
        <source>Some inputs of this action could not be shown:</source>
        <translation>このアクションの一部の入力項目を表示できませんでした：</translation>
    </message>
</context>
<context>
    <name>ActionProgressDialog</name>
    <message>
        <source>Running “{action}”…</source>
        <translation>「{action}」を実行中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>キャンセル中…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>“{action}” failed</source>
        <translation>「{action}」が失敗しました</translation>
    </message>
</context>
<context>
    <name>AgentBar</name>
    <message>
        <source>Status bar</source>
        <translation>ステータスバー</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>Request state</source>
        <translation>リクエストの状態</translation>
    </message>
    <message>
        <source>{provider} on {server}</source>
        <translation>{server} の {provider}</translation>
    </message>
    <message>
        <source>Agent “{agent}” is not ready: {error}</source>
        <translation>エージェント「{agent}」の準備ができていません：{error}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>ステータス</translation>
    </message>
</context>
<context>
    <name>Agents</name>
    <message>
        <source>Agent {number}</source>
        <translation>エージェント {number}</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>既定</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Add a provider on the Providers page first</source>
        <translation>先にプロバイダーページでプロバイダーを追加してください</translation>
    </message>
    <message>
        <source>Enabled plugins</source>
        <translation>有効なプラグイン</translation>
    </message>
    <message>
        <source>Unchecked plugins are turned off for this agent.</source>
        <translation>チェックを外したプラグインはこのエージェントでは無効になります。</translation>
    </message>
    <message>
        <source>{names} has its own field above; set it there.</source>
        <translation>{names} には上に専用の欄があります。そちらで設定してください。</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>モデル ID</translation>
    </message>
    <message>
        <source>{model} (the provider&apos;s default)</source>
        <translation>{model}（プロバイダーの既定）</translation>
    </message>
</context>
<context>
    <name>AppViewController</name>
    <message>
        <source>The view could not be read: {why}</source>
        <translation>ビューを読み込めませんでした：{why}</translation>
    </message>
    <message>
        <source>Refused the view&apos;s call to {tool}: {why}</source>
        <translation>ビューからの {tool} の呼び出しを拒否しました：{why}</translation>
    </message>
</context>
<context>
    <name>AppViewPrompts</name>
    <message>
        <source>Open {host}</source>
        <translation>{host} を開く</translation>
    </message>
    <message>
        <source>Open a link?</source>
        <translation>リンクを開きますか？</translation>
    </message>
    <message>
        <source>The view of {server} wants to open {url} in your browser.</source>
        <translation>{server} のビューが {url} をブラウザーで開こうとしています。</translation>
    </message>
    <message>
        <source>Don&apos;t open</source>
        <translation>開かない</translation>
    </message>
    <message>
        <source>Send as my message</source>
        <translation>自分のメッセージとして送信</translation>
    </message>
    <message>
        <source>Send a message?</source>
        <translation>メッセージを送信しますか？</translation>
    </message>
    <message>
        <source>The view of {server} wants to send this message as yours:

{text}</source>
        <translation>{server} のビューがこのメッセージをあなたのものとして送信しようとしています:

{text}</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>送信しない</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>今回のみ許可</translation>
    </message>
    <message>
        <source>Allow for this chat</source>
        <translation>このチャットで許可</translation>
    </message>
    <message>
        <source>Allow a tool call?</source>
        <translation>ツールの呼び出しを許可しますか？</translation>
    </message>
    <message>
        <source>A view wants to run {call}.</source>
        <translation>ビューが {call} を実行しようとしています。</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒否</translation>
    </message>
</context>
<context>
    <name>AppViewWidget</name>
    <message>
        <source>Interactive view of {title}</source>
        <translation>{title} の対話型ビュー</translation>
    </message>
    <message>
        <source>Blocked: {what}</source>
        <translation>ブロックしました：{what}</translation>
    </message>
    <message>
        <source>the app runs as root</source>
        <translation>アプリが root として動作しています</translation>
    </message>
    <message>
        <source>this system allows no user namespaces</source>
        <translation>このシステムではユーザー名前空間を作成できません</translation>
    </message>
    <message>
        <source>Flatpak&apos;s own sandbox holds the app</source>
        <translation>Flatpak 自身のサンドボックスがアプリを保護しています</translation>
    </message>
    <message>
        <source>Chromium&apos;s sandbox is off: {why}. The view&apos;s frame, policy and request filter still hold it.</source>
        <translation>Chromium のサンドボックスはオフです：{why}。ビューは引き続きフレーム、ポリシー、リクエストフィルターで制限されます。</translation>
    </message>
    <message>
        <source>The view stopped: {why}. The chat goes on.</source>
        <translation>ビューが停止しました：{why}。チャットはそのまま続けられます。</translation>
    </message>
    <message>
        <source>Esc leaves full screen</source>
        <translation>Esc で全画面表示を終了</translation>
    </message>
    <message>
        <source>Loading the view…</source>
        <translation>ビューを読み込み中…</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow once</source>
        <extracomment>The answers, with their buttons&apos; words (translated when the prompt is built).</extracomment>
        <translation>今回のみ許可</translation>
    </message>
    <message>
        <source>Run this call once</source>
        <translation>この呼び出しを1回だけ実行します</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>このセッション中は許可</translation>
    </message>
    <message>
        <source>Run this tool without asking until the app quits</source>
        <translation>アプリを終了するまで、このツールを確認なしで実行します</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>常に許可</translation>
    </message>
    <message>
        <source>Never ask again for this tool (revocable in Settings)</source>
        <translation>このツールについて今後は確認しません（設定で取り消せます）</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>Do not run it; the model is told why</source>
        <translation>実行しません。理由はモデルに伝えられます</translation>
    </message>
    <message>
        <source>It runs on the agent server {server}, not on this computer.</source>
        <translation>このツールはこのコンピューターではなく、エージェントサーバー {server} 上で実行されます。</translation>
    </message>
    <message>
        <source>Its definition changed since you approved it: check what it does now.</source>
        <translation>承認した後に定義が変更されています。現在の動作を確認してください。</translation>
    </message>
    <message>
        <source>It may delete or overwrite things.</source>
        <translation>ファイルなどを削除または上書きする可能性があります。</translation>
    </message>
    <message>
        <source>It reaches outside this computer (network).</source>
        <translation>このコンピューターの外部（ネットワーク）にアクセスします。</translation>
    </message>
    <message>
        <source>It describes itself as: “{description}”</source>
        <translation>ツール自身の説明：「{description}」</translation>
    </message>
    <message>
        <source>From the MCP server “{server}”: its description and hints are the server&apos;s claims.</source>
        <translation>MCP サーバー「{server}」のツールです。説明やヒントはサーバー側の申告です。</translation>
    </message>
    <message>
        <source>Approve tool {tool_name}</source>
        <translation>ツール {tool_name} を承認</translation>
    </message>
    <message>
        <source>&lt;b&gt;{tool_name}&lt;/b&gt; wants to run. Allow it? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} to get here)&lt;/span&gt;</source>
        <translation>&lt;b&gt;{tool_name}&lt;/b&gt; を実行しようとしています。許可しますか？ &lt;span style=&apos;opacity:0.7&apos;&gt;（{shortcut} でここに移動）&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Always allow {rule}</source>
        <translation>{rule}は常に許可</translation>
    </message>
    <message>
        <source>Run this tool without asking for calls like this one (revocable in Settings → Tools)</source>
        <translation>同様の呼び出しでは、このツールを確認なしで実行します（設定 → ツールで取り消せます）</translation>
    </message>
    <message>
        <source>{label}: {tool_name}</source>
        <translation>{label}：{tool_name}</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>拒否の理由（任意）</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>拒否の理由</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Change what the call says before you allow it</source>
        <translation>許可する前に呼び出しの内容を変更します</translation>
    </message>
    <message>
        <source>Edit before allowing: {tool}</source>
        <translation>編集してから許可：{tool}</translation>
    </message>
    <message>
        <source>Argument {name}</source>
        <translation>引数 {name}</translation>
    </message>
</context>
<context>
    <name>AskSeveralButton</name>
    <message>
        <source>Ask several</source>
        <translation>複数に質問</translation>
    </message>
    <message>
        <source>Ask several models</source>
        <translation>複数のモデルに質問</translation>
    </message>
    <message>
        <source>Send the message to 2–4 models at once and compare</source>
        <translation>メッセージを 2～4 個のモデルに同時に送って比較します</translation>
    </message>
</context>
<context>
    <name>AskSeveralPopup</name>
    <message>
        <source>Ask several models</source>
        <extracomment>Rows the model list shows before it scrolls.</extracomment>
        <translation>複数のモデルに質問</translation>
    </message>
    <message>
        <source>Check {low} to {high} models: the message goes to each of them.</source>
        <translation>{low}～{high} 個のモデルを選んでください。メッセージはそれぞれに送られます。</translation>
    </message>
    <message>
        <source>Models to ask</source>
        <translation>質問するモデル</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>モデル一覧の状態</translation>
    </message>
    <message>
        <source>Type the message first (or attach a file): Send waits for it.</source>
        <translation>先にメッセージを入力してください（またはファイルを添付）。それまで「送信」は押せません。</translation>
    </message>
    <message>
        <source>Your message to each model</source>
        <translation>各モデルへのメッセージ</translation>
    </message>
    <message>
        <source>Message to send</source>
        <translation>送信するメッセージ</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>モデルを取得中…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>%n 個のモデルに送信</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>preparing…</source>
        <translation>準備中…</translation>
    </message>
    <message>
        <source>Attachment {name}, {size}</source>
        <translation>添付ファイル {name}、{size}</translation>
    </message>
    <message>
        <source>Thumbnail of {name}</source>
        <translation>{name} のサムネイル</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} を削除</translation>
    </message>
    <message>
        <source>Remove attachment {name}</source>
        <translation>添付ファイル {name} を削除</translation>
    </message>
</context>
<context>
    <name>AttachmentPreview</name>
    <message>
        <source>Attachment {name}</source>
        <translation>添付ファイル {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>Attachment preview</source>
        <translation>添付ファイルのプレビュー</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>名前を付けて保存…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Open with the system&apos;s viewer for this kind of file</source>
        <translation>この種類のファイルをシステムのビューアーで開きます</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>This picture cannot be shown (its data is missing or damaged).</source>
        <translation>この画像は表示できません（データが欠けているか壊れています）。</translation>
    </message>
    <message>
        <source>Save {name}</source>
        <translation>{name} を保存</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>{name} を書き込み中…</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}.</source>
        <translation>{path} に書き込めませんでした：{reason}。</translation>
    </message>
    <message>
        <source>{problem} Choose another place or free some space.</source>
        <translation>{problem} 別の場所を選ぶか、空き容量を増やしてください。</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>{path} に保存しました。</translation>
    </message>
</context>
<context>
    <name>ChatColumn</name>
    <message>
        <source>Agent</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>Session toolbar</source>
        <translation>セッションツールバー</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>会話のタイトル</translation>
    </message>
    <message>
        <source>Own instructions</source>
        <translation>独自の指示</translation>
    </message>
    <message>
        <source>This chat has its own instructions</source>
        <translation>このチャットには独自の指示があります</translation>
    </message>
    <message>
        <source>This chat uses its own instructions instead of its agent&apos;s. Click to edit.</source>
        <translation>このチャットはエージェントの指示ではなく独自の指示を使います。クリックして編集します。</translation>
    </message>
    <message>
        <source>Chat actions menu</source>
        <translation>チャットの操作メニュー</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Chat actions</source>
        <translation>チャットの操作</translation>
    </message>
    <message>
        <source>What the agent&apos;s plugins can do with this chat</source>
        <translation>エージェントのプラグインがこのチャットに対して実行できる操作</translation>
    </message>
</context>
<context>
    <name>ChatCommands</name>
    <message>
        <source>This chat is kept on its agent server; export works for chats of this computer.</source>
        <translation>このチャットはエージェントサーバー上に保存されています。エクスポートできるのはこのコンピューター上のチャットだけです。</translation>
    </message>
    <message>
        <source>This chat runs on an agent server, and schedules run chats of this computer: use Schedules… to schedule a new chat here instead.</source>
        <translation>このチャットはエージェントサーバー上で動いていますが、スケジュールはこのコンピューターのチャットを実行します。代わりに「スケジュール一覧…」から、ここで新しいチャットをスケジュールしてください。</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>You</source>
        <extracomment>The rows&apos; headers and tool states, translated where drawn.</extracomment>
        <translation>あなた</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>ツールサーバー</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>準備中…</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>承認待ち</translation>
    </message>
    <message>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>拒否済み</translation>
    </message>
    <message>
        <source>cancelled by you</source>
        <translation>ユーザーがキャンセル</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>入力中…</translation>
    </message>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>推論（%n 語）</numerusform>
        </translation>
    </message>
    <message>
        <source>{state} · &lt; {seconds} s</source>
        <translation>{state} · &lt; {seconds} 秒</translation>
    </message>
    <message>
        <source>{state} · {seconds} s</source>
        <translation>{state} · {seconds} 秒</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>引数</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>出力</translation>
    </message>
</context>
<context>
    <name>ChatLayout</name>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>The server named the model that answered “{server_model}”.</source>
        <translation>サーバーは、回答したモデルを「{server_model}」と名乗りました。</translation>
    </message>
    <message>
        <source>[{kind}: could not be shown]</source>
        <translation>[{kind}：表示できません]</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>Enter shows or hides the call&apos;s arguments and output.</source>
        <translation>Enter キーで呼び出しの引数と出力の表示／非表示を切り替えます。</translation>
    </message>
    <message>
        <source>C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C でコピー、E で編集、Delete で削除、左右キーで操作を選び Enter で実行します。メニューキーですべての操作を一覧表示します。</translation>
    </message>
    <message>
        <source>C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C でコピー、R で再試行、Delete で削除、左右キーで操作を選び Enter で実行します。メニューキーですべての操作を一覧表示します。</translation>
    </message>
    <message>
        <source>C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C でコピー、Delete で削除、左右キーで操作を選び Enter で実行します。メニューキーですべての操作を一覧表示します。</translation>
    </message>
    <message>
        <source>The request failed.</source>
        <translation>リクエストが失敗しました。</translation>
    </message>
</context>
<context>
    <name>ChatSending</name>
    <message>
        <source>Type the message for the models first, then choose them.</source>
        <translation>先にモデルへのメッセージを入力してから、モデルを選んでください。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止中…</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>前のバージョン</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>次のバージョン</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>{role} message {number}</source>
        <translation>{role}のメッセージ {number}</translation>
    </message>
    <message>
        <source>{role} message</source>
        <translation>{role}のメッセージ</translation>
    </message>
    <message>
        <source>denied by you</source>
        <translation>ユーザーが拒否</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>コードをコピーしました</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>メッセージの操作</translation>
    </message>
    <message>
        <source>Fork chat from here</source>
        <translation>ここからチャットをフォーク</translation>
    </message>
    <message>
        <source>A new chat with the messages up to this one</source>
        <translation>このメッセージまでの内容で新しいチャットを作成します</translation>
    </message>
    <message>
        <source>Show all text</source>
        <translation>全文を表示</translation>
    </message>
    <message>
        <source>Show the view full screen</source>
        <translation>ビューを全画面で表示</translation>
    </message>
    <message>
        <source>Message copied</source>
        <translation>メッセージをコピーしました</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>New {noun} id</source>
        <extracomment>Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles. New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one. The config section the entries live in (its unreadable entries are listed on the page).</extracomment>
        <translation>新しい{noun}の ID</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Add {noun}</source>
        <translation>{noun}を追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>No {noun} yet: add one on the left.</source>
        <translation>{noun}はまだありません。左側で追加してください。</translation>
    </message>
    <message>
        <source>Type an id for the new {noun} first.</source>
        <translation>先に新しい{noun}の ID を入力してください。</translation>
    </message>
    <message>
        <source>There is already a {noun} “{entry_id}”.</source>
        <translation>{noun}「{entry_id}」はすでにあります。</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>先に「{current_id}」の強調表示された項目を修正してください。</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Answers side by side</source>
        <translation>回答の比較</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Close the answers side by side</source>
        <translation>回答の比較を閉じる</translation>
    </message>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>%n 個のモデルが回答しています。各回答はバージョンとして保存されます（‹ ›）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Completion</name>
    <message>
        <source>Arguments for {command}</source>
        <translation>{command} の引数</translation>
    </message>
    <message>
        <source>{command}: arguments</source>
        <translation>{command}：引数</translation>
    </message>
    <message>
        <source>The prompt {command} failed: {error}</source>
        <translation>プロンプト {command} が失敗しました：{error}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Drop the files here to attach them to your message</source>
        <translation>ここにファイルをドロップすると、メッセージに添付されます</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>入力欄</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>添付の問題</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>ファイルを添付</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>メッセージを送信</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>生成を停止（Esc）</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>生成を停止</translation>
    </message>
    <message>
        <source>The attachments are still being prepared; send in a moment.</source>
        <translation>添付ファイルを準備中です。少し待ってから送信してください。</translation>
    </message>
    <message>
        <source>Choose files to attach</source>
        <translation>添付するファイルを選択</translation>
    </message>
    <message>
        <source>Still starting up; attach the files again in a moment.</source>
        <translation>起動中です。少し待ってから、もう一度ファイルを添付してください。</translation>
    </message>
    <message>
        <source>Still starting up; paste the image again in a moment.</source>
        <translation>起動中です。少し待ってから、もう一度画像を貼り付けてください。</translation>
    </message>
    <message>
        <source>Could not attach the files: {error}</source>
        <translation>ファイルを添付できませんでした：{error}</translation>
    </message>
    <message>
        <source>Still starting up; attach it again in a moment.</source>
        <translation>起動中です。少し待ってから、もう一度添付してください。</translation>
    </message>
    <message>
        <source>Could not attach it: {error}</source>
        <translation>添付できませんでした：{error}</translation>
    </message>
    <message>
        <source>“{name}” is already attached.</source>
        <translation>「{name}」はすでに添付されています。</translation>
    </message>
    <message>
        <source>“{name}” is already attached (as “{twin}”).</source>
        <translation>「{name}」はすでに添付されています（「{twin}」として）。</translation>
    </message>
    <message>
        <source>The model {model} does not take images: it would get the message without them. Pick a model marked for images in the model picker.</source>
        <translation>モデル {model} は画像を受け付けません。画像なしでメッセージが送られます。モデルピッカーで画像に対応したモデルを選んでください。</translation>
    </message>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>「{name}」から %n 個のファイルを添付しました。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComposerEdit</name>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Message the agent…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>エージェントへのメッセージ…（Enter で送信、Shift+Enter で改行）</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>Ctrl+Enter で送信</translation>
    </message>
    <message>
        <source>Enter to send, Shift+Enter for a new line</source>
        <translation>Enter で送信、Shift+Enter で改行</translation>
    </message>
    <message>
        <source>Message the agent…  ({hint})</source>
        <translation>エージェントへのメッセージ…（{hint}）</translation>
    </message>
</context>
<context>
    <name>ConfirmActionDialog</name>
    <message>
        <source>Run “{action}”?</source>
        <translation>「{action}」を実行しますか？</translation>
    </message>
</context>
<context>
    <name>ConnectServerDialog</name>
    <message>
        <source>Connect to an agent server</source>
        <translation>エージェントサーバーに接続</translation>
    </message>
    <message>
        <source>Chat with an agent that runs on another computer or without a window. Start it there with &apos;agent-desktop serve&apos; and type what it printed.</source>
        <translation>別のコンピューター上や、ウィンドウなしで動いているエージェントとチャットします。そちらで「agent-desktop serve」を実行し、表示された内容を入力してください。</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>サーバーのアドレス</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>アドレス</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>アクセストークン</translation>
    </message>
    <message>
        <source>Start an agent server on this computer…</source>
        <translation>このコンピューターでエージェントサーバーを起動…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>The server&apos;s certificate fingerprint (SHA-256) is {fingerprint}. Check that it is the one &apos;agent-desktop serve&apos; printed, then press Connect to trust it.</source>
        <translation>サーバー証明書のフィンガープリント（SHA-256）は {fingerprint} です。「agent-desktop serve」が表示したものと一致することを確認してから、「接続」を押して信頼してください。</translation>
    </message>
</context>
<context>
    <name>ConversationBinding</name>
    <message>
        <source>Preparing the new chat…</source>
        <translation>新しいチャットを準備中…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>書き込み中…</translation>
    </message>
    <message>
        <source>Approval needed: {tool}</source>
        <translation>承認が必要です：{tool}</translation>
    </message>
    <message>
        <source>Asking several models…</source>
        <translation>複数のモデルに質問中…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>考え中…</translation>
    </message>
    <message>
        <source>Answer finished</source>
        <translation>回答が完了しました</translation>
    </message>
    <message>
        <source>Error: {what}</source>
        <translation>エラー：{what}</translation>
    </message>
    <message>
        <source>Running a tool…</source>
        <translation>ツールを実行中…</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool} ({shortcut} to go there)</source>
        <translation>{tool} の承認を待っています（{shortcut} で移動）</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool}</source>
        <translation>{tool} の承認を待っています</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Agent Desktop closed unexpectedly last time.</source>
        <translation>前回、Agent Desktop が予期せず終了しました。</translation>
    </message>
    <message>
        <source>The crash report is on the clipboard (secrets are left out of it).</source>
        <translation>クラッシュレポートをクリップボードにコピーしました（秘密情報は含まれていません）。</translation>
    </message>
    <message>
        <source>No app to show text files was found; open the file above yourself, or copy the report.</source>
        <translation>テキストファイルを表示できるアプリが見つかりません。上記のファイルを自分で開くか、レポートをコピーしてください。</translation>
    </message>
    <message>
        <source>Its report is kept in {path}; nothing was sent anywhere.</source>
        <translation>レポートは {path} に保存されています。どこにも送信されていません。</translation>
    </message>
    <message>
        <source>Its report could not be kept in the log folder; copy it now to keep it.</source>
        <translation>レポートをログフォルダーに保存できませんでした。残すには今すぐコピーしてください。</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>レポートをコピー</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>レポートを開く</translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message>
        <source>Export all my data</source>
        <translation>すべてのデータをエクスポート</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>ZIP アーカイブ (*.zip)</translation>
    </message>
    <message>
        <source>Exporting your data…</source>
        <translation>データをエクスポートしています…</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>エクスポートはキャンセルされました。ファイルは書き込まれていません。</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>エクスポートに失敗しました: {error}</translation>
    </message>
    <message>
        <source>Exported your data to {path}.</source>
        <translation>データを {path} にエクスポートしました。</translation>
    </message>
    <message>
        <source>Secrets written in the settings were left out: {names}. Enter them again on the other computer.</source>
        <translation>設定に直接書かれたシークレットは含めていません: {names}。移行先のコンピューターで入力し直してください。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>データをインポート</translation>
    </message>
    <message>
        <source>Agent Desktop data (*.zip)</source>
        <translation>Agent Desktop のデータ (*.zip)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: {error}</source>
        <translation>何もインポートされませんでした: {error}</translation>
    </message>
    <message>
        <source>Importing your data…</source>
        <translation>データをインポートしています…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>%n 件のチャットをインポートしました。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DroppedPaths</name>
    <message>
        <source>Drop to install the skill “{name}”, make a project of the folder or attach its files — you choose next</source>
        <translation>ドロップすると、スキル「{name}」のインストール、フォルダーからのプロジェクト作成、ファイルの添付から選べます</translation>
    </message>
    <message>
        <source>Drop to make a project of “{name}” or attach its files — you choose next</source>
        <translation>ドロップすると、「{name}」からのプロジェクト作成かファイルの添付を選べます</translation>
    </message>
    <message>
        <source>Drop to attach “{name}”, or install the skill it holds — you choose next</source>
        <translation>ドロップすると、「{name}」の添付か、含まれるスキルのインストールを選べます</translation>
    </message>
    <message>
        <source>Drop: the files are attached; you choose what happens with each folder</source>
        <translation>ドロップ：ファイルは添付され、フォルダーごとに扱いを選べます</translation>
    </message>
    <message>
        <source>What should happen with “{name}”?</source>
        <translation>「{name}」をどうしますか？</translation>
    </message>
    <message>
        <source>What should happen with the folder “{name}”?</source>
        <translation>フォルダー「{name}」をどうしますか？</translation>
    </message>
    <message>
        <source>A project keeps its chats together; they work with the folder&apos;s files, its instructions and pinned files.</source>
        <translation>プロジェクトはチャットをまとめ、チャットはフォルダーのファイル、指示、ピン留めしたファイルを使って作業します。</translation>
    </message>
    <message>
        <source>It holds a SKILL.md: as a skill it teaches the agent a task.</source>
        <translation>SKILL.md があります。スキルとしてエージェントに作業を教えます。</translation>
    </message>
    <message>
        <source>Install as skill</source>
        <translation>スキルとしてインストール</translation>
    </message>
    <message>
        <source>Make a project</source>
        <translation>プロジェクトを作成</translation>
    </message>
    <message>
        <source>Attach its files</source>
        <translation>ファイルを添付</translation>
    </message>
    <message>
        <source>“{name}” holds a skill. Install it?</source>
        <translation>「{name}」にはスキルが含まれています。インストールしますか？</translation>
    </message>
    <message>
        <source>A skill teaches the agent a task; or attach the archive.</source>
        <translation>スキルはエージェントに作業を教えます。アーカイブを添付することもできます。</translation>
    </message>
    <message>
        <source>Attach the archive</source>
        <translation>アーカイブを添付</translation>
    </message>
    <message>
        <source>Made the project “{name}”; its new chat works in {folder}.</source>
        <translation>プロジェクト「{name}」を作成しました。新しいチャットは {folder} で作業します。</translation>
    </message>
    <message>
        <source>{name} was not installed as a skill.</source>
        <translation>{name} はスキルとしてインストールされませんでした。</translation>
    </message>
    <message>
        <source>“{name}” holds no files to attach (the folders in it are not).</source>
        <translation>「{name}」には添付できるファイルがありません（中のフォルダーは添付されません）。</translation>
    </message>
</context>
<context>
    <name>Elicitation</name>
    <message>
        <source>{server} asks for input</source>
        <translation>{server} が入力を求めています</translation>
    </message>
    <message>
        <source>{server} asks you to open a web page</source>
        <translation>{server} が Web ページを開くよう求めています</translation>
    </message>
    <message>
        <source>A tool server</source>
        <translation>ツールサーバー</translation>
    </message>
    <message>
        <source>{server} is asking for your input</source>
        <translation>{server} が入力を求めています</translation>
    </message>
</context>
<context>
    <name>ElicitationFormDialog</name>
    <message>
        <source>Some fields could not be shown:</source>
        <translation>一部の項目を表示できませんでした：</translation>
    </message>
</context>
<context>
    <name>ElicitationLinkDialog</name>
    <message>
        <source>The page is on {host}.
Full address: {url}</source>
        <translation>ページは {host} にあります。
完全なアドレス：{url}</translation>
    </message>
    <message>
        <source>Page address</source>
        <translation>ページのアドレス</translation>
    </message>
</context>
<context>
    <name>EmptyChatHint</name>
    <message>
        <source>Explain some code</source>
        <extracomment>(button, prompt), both in the user&apos;s language when shown: the model answers in it too.</extracomment>
        <translation>コードの説明</translation>
    </message>
    <message>
        <source>Explain what this code does, step by step:

</source>
        <translation>このコードが何をしているか、順を追って説明してください：

</translation>
    </message>
    <message>
        <source>Summarise a file</source>
        <translation>ファイルの要約</translation>
    </message>
    <message>
        <source>Summarise the attached file in five bullet points.</source>
        <translation>添付したファイルを箇条書き 5 点で要約してください。</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>メッセージの下書き</translation>
    </message>
    <message>
        <source>Draft a short, friendly message that </source>
        <translation>短く親しみやすいメッセージを書いてください。内容：</translation>
    </message>
    <message>
        <source>Plan a task</source>
        <translation>作業の計画</translation>
    </message>
    <message>
        <source>Help me plan this task, with the steps in order: </source>
        <translation>この作業の計画を、手順を順番に並べて立ててください：</translation>
    </message>
    <message>
        <source>Start a conversation</source>
        <translation>会話を始める</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>何をお手伝いしましょうか？</translation>
    </message>
    <message>
        <source>Type below, drop a file on the window, or start from one of these:</source>
        <translation>下に入力するか、ウィンドウにファイルをドロップするか、次の例から始めてください：</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Cannot attach {source}: the file does not exist.</source>
        <translation>{source} を添付できません: ファイルが存在しません。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: {reason}.</source>
        <translation>{source} を添付できません: {reason}。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is a folder, not a file.</source>
        <translation>{source} を添付できません: ファイルではなくフォルダーです。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is not a regular file.</source>
        <translation>{source} を添付できません: 通常のファイルではありません。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: permission to read it was denied.</source>
        <translation>{source} を添付できません: 読み取る権限がありません。</translation>
    </message>
    <message>
        <source>{name} is {shown}, larger than the attachment limit of {limit}. Nothing was stored; attach a smaller file or raise the limit in Settings.</source>
        <translation>{name} は {shown} で、添付ファイルの上限 {limit} を超えています。何も保存されていません。小さいファイルを添付するか、設定で上限を引き上げてください。</translation>
    </message>
    <message>
        <source>Cannot attach {name}: there is no conversation with id {session_id}.</source>
        <translation>{name} を添付できません: ID {session_id} のチャットはありません。</translation>
    </message>
    <message>
        <source>Could not store {name}: {reason} Nothing was stored.</source>
        <translation>{name} を保存できませんでした: {reason} 何も保存されていません。</translation>
    </message>
    <message>
        <source>There is no attachment with id {asset_id}; it may have been removed.</source>
        <translation>ID {asset_id} の添付ファイルはありません。削除された可能性があります。</translation>
    </message>
    <message>
        <source>The folder holding {name} in the asset store was replaced by a link; it is not read. Attach the file again.</source>
        <translation>添付ファイルの保管場所で {name} を収めたフォルダーがリンクに置き換えられていたため、読み取りません。ファイルをもう一度添付してください。</translation>
    </message>
    <message>
        <source>The attachment {name} is no longer in the asset store (its file was removed from disk). Attach it again.</source>
        <translation>添付ファイル {name} は保管場所にもうありません(ファイルがディスクから削除されました)。もう一度添付してください。</translation>
    </message>
    <message>
        <source>The stored file of {name} was replaced by a link; it is not read. Attach the file again.</source>
        <translation>保存されている {name} のファイルがリンクに置き換えられていたため、読み取りません。ファイルをもう一度添付してください。</translation>
    </message>
    <message>
        <source>Could not read the attachment {name}: {reason}</source>
        <translation>添付ファイル {name} を読み取れませんでした: {reason}</translation>
    </message>
    <message>
        <source>The stored digest {sha256} is malformed; the record is damaged.</source>
        <translation>保存されているダイジェスト {sha256} の形式が正しくありません。記録が壊れています。</translation>
    </message>
    <message>
        <source>The attachment part {name} names no asset and carries no content.</source>
        <translation>添付部分 {name} には参照先の保存データも内容もありません。</translation>
    </message>
    <message>
        <source>The attachment {name} cannot be read: no asset store is open.</source>
        <translation>添付ファイル {name} を読み取れません: 添付ファイルの保管場所が開かれていません。</translation>
    </message>
    <message>
        <source>The attachment {name} has a malformed data URL.</source>
        <translation>添付ファイル {name} のデータ URL の形式が正しくありません。</translation>
    </message>
    <message>
        <source>The attachment {name} has a data URL that is not base64.</source>
        <translation>添付ファイル {name} のデータ URL が base64 ではありません。</translation>
    </message>
    <message>
        <source>The agent is still working in this chat. Wait for it or stop it first.</source>
        <translation>エージェントはまだこのチャットで作業中です。終わるまで待つか、先に停止してください。</translation>
    </message>
    <message>
        <source>“{label}” was cancelled.</source>
        <translation>「{label}」は取り消されました。</translation>
    </message>
    <message>
        <source>{path} does not hold a valid conversation ({error}).</source>
        <translation>{path} には有効なチャットが含まれていません({error})。</translation>
    </message>
    <message>
        <source>“{title}” is already in your chats, unchanged: it was opened instead of copied.</source>
        <translation>「{title}」は変更されずにすでにチャットにあります。コピーせずに開きました。</translation>
    </message>
    <message>
        <source>“{title}”: the chat&apos;s own settings in the file ({names}) were not applied. An imported chat keeps its messages and attachments and uses your settings.</source>
        <translation>「{title}」: ファイル内のチャット独自の設定（{names}）は適用されませんでした。取り込んだチャットはメッセージと添付ファイルを保ち、あなたの設定を使います。</translation>
    </message>
    <message>
        <source>Cannot import {path}: the file does not exist.</source>
        <translation>{path} を読み込めません: ファイルが存在しません。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it could not be read ({error}).</source>
        <translation>{path} を読み込めません: ファイルを読み取れませんでした({error})。</translation>
    </message>
    <message>
        <source>Cannot import {path}: {error}, so it was not imported.</source>
        <translation>{path} を読み込めません: {error}。そのため読み込まれませんでした。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not a JSON session export. Only files exported as JSON by Agent Desktop can be imported (Markdown exports are for reading).</source>
        <translation>{path} を読み込めません: JSON 形式でエクスポートしたセッションではありません。読み込めるのは Agent Desktop が JSON でエクスポートしたファイルだけです(Markdown のエクスポートは閲覧用です)。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not an Agent Desktop session export.</source>
        <translation>{path} を読み込めません: Agent Desktop がエクスポートしたセッションではありません。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it was written in export version {version}, this app reads version {supported}. Update the app.</source>
        <translation>{path} を読み込めません: エクスポート形式のバージョン {version} で書かれていますが、このアプリが読めるのはバージョン {supported} です。アプリを更新してください。</translation>
    </message>
    <message>
        <source>Cannot import {path}: {reason}, so it was not imported.</source>
        <translation>{path} を読み込めません: {reason}。そのため読み込まれませんでした。</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} is damaged.</source>
        <translation>{path} を読み込めません: 添付ファイル {name} が壊れています。</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} does not match its checksum.</source>
        <translation>{path} を読み込めません: 添付ファイル {name} がチェックサムと一致しません。</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({error}). Check that it runs and that this address is right.</source>
        <translation>{url} のエージェントサーバーに接続できません({error})。サーバーが動いていること、アドレスが正しいことを確認してください。</translation>
    </message>
    <message>
        <source>The agent server at {url} presented another certificate than the one pinned when you connected: someone may be in between. If the server&apos;s certificate was renewed, connect again and compare the fingerprint it prints.</source>
        <translation>{url} のエージェントサーバーが、接続時に固定した証明書とは別の証明書を提示しました。誰かが間に入っている可能性があります。サーバーの証明書を更新した場合は、接続し直して、サーバーが表示するフィンガープリントと照合してください。</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({kind}). Check that it runs and that this address is right.</source>
        <translation>{url} のエージェントサーバーに接続できません({kind})。サーバーが動いていること、アドレスが正しいことを確認してください。</translation>
    </message>
    <message>
        <source>The agent server at {url} refused the token: it is wrong or was revoked. Connect again with the token the server showed.</source>
        <translation>{url} のエージェントサーバーがトークンを拒否しました。トークンが間違っているか、取り消されています。サーバーが表示したトークンで接続し直してください。</translation>
    </message>
    <message>
        <source>The agent server at {url} answered {status_code}: {reason}</source>
        <translation>{url} のエージェントサーバーの応答: {status_code}: {reason}</translation>
    </message>
    <message>
        <source>Attachments cannot be sent to the agent server {server_label} from here.</source>
        <translation>ここからエージェントサーバー {server_label} に添付ファイルを送ることはできません。</translation>
    </message>
    <message>
        <source>There is no chat with id {session_id}.</source>
        <extracomment>Events whose payload is a live object or only means something inside this process. Where a tool the server runs is said to run (the client&apos;s tool row shows it).</extracomment>
        <translation>ID {session_id} のチャットはありません。</translation>
    </message>
    <message>
        <source>The agent is still working in this chat: POST /sessions/{session_id}/cancel and wait for its request_finished event before deleting it.</source>
        <translation>エージェントはまだこのチャットで作業中です。削除する前に POST /sessions/{session_id}/cancel を送り、request_finished イベントを待ってください。</translation>
    </message>
    <message>
        <source>Answers cut off when the app last stopped could not be recovered: {error} They stay in the database for the next start.</source>
        <translation>前回アプリが停止したときに途切れた回答を復元できませんでした: {error} 次回の起動のためにデータベースに残しています。</translation>
    </message>
    <message>
        <source>Answers were cut off when the app last stopped: {count}. What had arrived was kept and marked as incomplete.</source>
        <translation>前回アプリが停止したときに {count} 件の回答が途切れました。届いていた部分は保存し、未完了として示しています。</translation>
    </message>
    <message>
        <source>Unknown export format {format}; use &apos;markdown&apos; or &apos;json&apos;.</source>
        <translation>不明なエクスポート形式 {format} です。&apos;markdown&apos; か &apos;json&apos; を使ってください。</translation>
    </message>
    <message>
        <source>{what} could not be saved because it holds a value that is not plain JSON ({error}). Nothing was changed.</source>
        <translation>{what} に単純な JSON ではない値が含まれているため、保存できませんでした({error})。何も変更されていません。</translation>
    </message>
    <message>
        <source>The session database {path} was written by a newer version of the app (schema {current}; this version knows up to {latest}). It was opened read-only so nothing is lost; update the app to edit it.</source>
        <translation>セッションデータベース {path} は新しいバージョンのアプリで書かれています(スキーマ {current}、このバージョンが扱えるのは {latest} まで)。何も失われないよう読み取り専用で開きました。編集するにはアプリを更新してください。</translation>
    </message>
    <message>
        <source>A copy was kept as {name}.</source>
        <translation>コピーを {name} として残しました。</translation>
    </message>
    <message>
        <source>Upgrading the session database {path} to schema {version} failed ({error}). It was left at schema {schema_version} and opened read-only.{kept}</source>
        <translation>セッションデータベース {path} をスキーマ {version} に更新できませんでした({error})。スキーマ {schema_version} のまま読み取り専用で開きました。{kept}</translation>
    </message>
    <message>
        <source>The session database is healthy; there is nothing to replace.</source>
        <translation>セッションデータベースは正常です。置き換えるものはありません。</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason}</source>
        <translation>{what} を保存できませんでした: {reason}</translation>
    </message>
    <message>
        <source>the database is read-only.</source>
        <translation>データベースは読み取り専用です。</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason} The previous version is kept unchanged.</source>
        <translation>{what} を保存できませんでした: {reason} 以前の版はそのまま残っています。</translation>
    </message>
    <message>
        <source>Could not save {label}: it changed while this change was being made ({stored} messages stored, {expected_message_count} expected). Nothing was overwritten; try again.</source>
        <translation>{label} を保存できませんでした: この変更の途中で内容が変わりました(保存済みのメッセージ {stored} 件、想定 {expected_message_count} 件)。何も上書きされていません。もう一度お試しください。</translation>
    </message>
    <message>
        <source>The message could not be saved: it is not a valid message ({error}). Nothing was changed.</source>
        <translation>メッセージを保存できませんでした: 有効なメッセージではありません({error})。何も変更されていません。</translation>
    </message>
    <message>
        <source>Message {number} of the conversation is no longer stored (the message or its conversation was deleted); nothing was written.</source>
        <translation>チャットのメッセージ {number} はもう保存されていません(メッセージかチャットが削除されました)。何も書き込まれていません。</translation>
    </message>
    <message>
        <source>Part of the session database {path} is damaged and could not be read ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>セッションデータベース {path} の一部が壊れていて読み取れませんでした({error})。アプリを再起動してください。ファイルのコピーを残したうえで、まだ読める部分を開きます。</translation>
    </message>
    <message>
        <source>Searching the session database {path} failed because part of it is damaged ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>セッションデータベース {path} の一部が壊れているため、検索できませんでした({error})。アプリを再起動してください。ファイルのコピーを残したうえで、まだ読める部分を開きます。</translation>
    </message>
    <message>
        <source>There is no conversation with id {session_id}; it may have been deleted.</source>
        <translation>ID {session_id} のチャットはありません。削除された可能性があります。</translation>
    </message>
    <message>
        <source>Every tool server is ready now.</source>
        <translation>すべてのツールサーバーの準備ができました。</translation>
    </message>
    <message>
        <source>The agent is still working in this conversation. Wait for it to finish or stop it, then send again.</source>
        <translation>エージェントはまだこのチャットで作業中です。終わるのを待つか停止してから、もう一度送信してください。</translation>
    </message>
    <message>
        <source>Stopped after {rounds} rounds of tool calls (the limit set in Settings → Tools). Send a message to let the agent continue.</source>
        <translation>ツール呼び出しが {rounds} 回続いたため停止しました(設定 → ツール で決めた上限)。続けさせるにはメッセージを送ってください。</translation>
    </message>
    <message>
        <source>Parameters for action &apos;{action_id}&apos; must be an object, not {kind}.</source>
        <translation>アクション &apos;{action_id}&apos; のパラメーターは {kind} ではなくオブジェクトでなければなりません。</translation>
    </message>
    <message>
        <source>Invalid parameters for action &apos;{action_id}&apos;: {listing}.</source>
        <translation>アクション &apos;{action_id}&apos; のパラメーターが正しくありません: {listing}。</translation>
    </message>
    <message>
        <source>turned off for this request</source>
        <translation>このリクエストでは無効にされました</translation>
    </message>
    <message>
        <source>The plugin &apos;{plugin}&apos; failed in {hook} and was {left_out}: {detail}</source>
        <translation>プラグイン &apos;{plugin}&apos; が {hook} で失敗し、{left_out}: {detail}</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>除外されました</translation>
    </message>
    <message>
        <source>its tools were left out of this request</source>
        <translation>そのツールはこのリクエストから除外されました</translation>
    </message>
    <message>
        <source>No provider is registered; register one before requests.</source>
        <translation>プロバイダーが登録されていません。リクエストの前に登録してください。</translation>
    </message>
    <message>
        <source>No provider named &apos;{name}&apos; is registered. Registered providers: {providers}.</source>
        <translation>&apos;{name}&apos; という名前のプロバイダーは登録されていません。登録済みのプロバイダー: {providers}。</translation>
    </message>
    <message>
        <source>in the way, so no {trigger} action ran</source>
        <translation>妨げになったため、{trigger} のアクションは実行されませんでした</translation>
    </message>
    <message>
        <source>skipped for {trigger}</source>
        <translation>{trigger} では省かれました</translation>
    </message>
    <message>
        <source>There is no agent {key} in the config (known agents: {known}). Pick another agent or add this one in Settings.</source>
        <translation>設定ファイルにエージェント {key} はありません(既知のエージェント: {known})。別のエージェントを選ぶか、設定でこのエージェントを追加してください。</translation>
    </message>
    <message>
        <source>This chat uses the provider {provider}, which is no longer configured. Pick another model for the chat in the model picker, or add the provider again under Settings → Providers.</source>
        <extracomment>How a setting reads a value from the environment, the same in every language (a value of the marked sentences, not part of their text: its braces are not a field of theirs). Keys `build_agent_config` adds to the flat config besides the provider&apos;s and agent&apos;s own.</extracomment>
        <translation>このチャットはプロバイダー {provider} を使っていますが、その設定はもうありません。モデル選択でこのチャットに別のモデルを選ぶか、設定 → プロバイダーでプロバイダーを追加し直してください。</translation>
    </message>
    <message>
        <source>Agent {agent} uses the provider {provider}, which is not configured. Add it under Settings → Providers or pick another provider for the agent.</source>
        <translation>エージェント {agent} はプロバイダー {provider} を使っていますが、その設定がありません。設定 → プロバイダーで追加するか、エージェントに別のプロバイダーを選んでください。</translation>
    </message>
    <message>
        <source>{setting} refers to the environment variable {name}, which is not set. Set it before starting the app, or store the key in Settings instead.</source>
        <translation>{setting}は環境変数 {name} を参照していますが、この変数は設定されていません。アプリを起動する前に設定するか、代わりにキーを設定に保存してください。</translation>
    </message>
    <message>
        <source>{setting} refers to a keyring secret; none is open.</source>
        <translation>{setting}はキーリングのシークレットを参照していますが、開いているキーリングがありません。</translation>
    </message>
    <message>
        <source>{setting} could not be read: {error}</source>
        <translation>{setting}を読み取れませんでした: {error}</translation>
    </message>
    <message>
        <source>{setting} refers to the keyring secret {name}, which is not stored (a key kept for one session only is gone after a restart). Enter the key again in Settings → Providers, or use {reference} to read it from the environment.</source>
        <translation>{setting}はキーリングのシークレット {name} を参照していますが、保存されていません（このセッションだけ保持したキーは再起動後に消えます）。設定 → プロバイダーでキーをもう一度入力するか、{reference} を使って環境変数から読み込んでください。</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>The setting {path}</source>
        <translation>設定 {path}</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). They must be entered again after a restart, or referenced as {reference}.</source>
        <translation>このセッションだけ保持し、保存していません: {names}（{reasons}）。再起動後にもう一度入力するか、{reference} として参照してください。</translation>
    </message>
    <message>
        <source>Left in the config file as you wrote them, since no keyring can take them: {names}. Unlock or install a keyring to move them there, or reference them as {reference}.</source>
        <translation>使えるキーリングがないため、書かれたとおり設定ファイルに残しています: {names}。キーリングのロックを解除するかインストールしてそちらへ移すか、{reference} として参照してください。</translation>
    </message>
    <message>
        <source>Some entries of {path} could not be read and were set aside ({details}). Everything else is used; the set-aside entries stay in the file unchanged. {copy} Fix or remove them there.</source>
        <translation>{path} の一部の項目を読み取れなかったため、取り置きました（{details}）。それ以外はすべて使われます。取り置いた項目はファイル内にそのまま残ります。{copy} そこで修正するか削除してください。</translation>
    </message>
    <message>
        <source>The config file could not be rewritten ({error}); the change is used for this run and saved with the next change in Settings.</source>
        <translation>設定ファイルを書き直せませんでした（{error}）。変更は今回の実行で使われ、設定で次に変更したときに保存されます。</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} of its provider; they were moved to the provider {provider}, where they belong.</source>
        <translation>エージェント {agent} がプロバイダーの {keys} を持っていたため、本来の場所であるプロバイダー {provider} へ移しました。</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} for a provider; they were removed (its provider entry has its own). Check Settings → Providers.</source>
        <translation>エージェント {agent} がプロバイダー用の {keys} を持っていたため、削除しました（プロバイダーの項目に独自の値があります）。設定 → プロバイダーを確認してください。</translation>
    </message>
    <message>
        <source>{path} holds plaintext secrets ({names}). They could not be moved to a keyring because none is available, so the file was left unchanged; they are used from memory for this run. They stay in the file until a keyring can take them.</source>
        <translation>{path} に平文のシークレット ({names}) が含まれています。利用できるキーリングがないため移動できず、ファイルは変更していません。この実行中はメモリ上の値を使います。キーリングが使えるようになるまで、ファイルに残ります。</translation>
    </message>
    <message>
        <source>Plaintext secrets in {path} could not be moved to the keyring: {error}</source>
        <translation>{path} の平文のシークレットをキーリングに移動できませんでした: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}), but the file could not be rewritten: {error}</source>
        <translation>{path} の平文のシークレットをシステムのキーリングに移動しました ({names}) が、ファイルを書き直せませんでした: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}); the file now holds references instead.</source>
        <translation>{path} の平文のシークレットをシステムのキーリングに移動しました ({names})。ファイルには代わりに参照が記録されています。</translation>
    </message>
    <message>
        <source>you chose this session only</source>
        <translation>このセッションだけを選びました</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <extracomment>The first sentences of `probe_keyring`&apos;s answers, which `SecretStore.headline` cuts out: marked too, so the window can show a headline in its own language.</extracomment>
        <translation>システムのキーリングを利用できません。</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}).</source>
        <translation>システムのキーリングを使用できません（{reason}）。</translation>
    </message>
    <message>
        <source>No system keyring is available</source>
        <translation>システムのキーリングを利用できません</translation>
    </message>
    <message>
        <source>No system keyring is available. API keys are kept in memory for this run only and must be entered again after a restart. Install and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>システムのキーリングを利用できません。API キーはこの実行中だけメモリに保持され、再起動後にもう一度入力する必要があります。保持するには、キーリングサービス（GNOME Keyring や KWallet など）をインストールしてロックを解除してください。</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}). API keys are kept in memory for this run only. Unlock or repair the keyring and restart to keep them.</source>
        <translation>システムのキーリングを使用できません（{reason}）。API キーはこの実行中だけメモリに保持されます。保持するには、キーリングのロックを解除するか修復してから再起動してください。</translation>
    </message>
    <message>
        <source>{path} could not be read ({error}); fix or remove it, then export again.</source>
        <extracomment>What an archive may unpack to, all members together: a zip bomb is refused before reading. The parts an import may take, each with its own checkbox.</extracomment>
        <translation>{path} を読み込めませんでした（{error}）。修正するか削除してから、もう一度エクスポートしてください。</translation>
    </message>
    <message>
        <source>{path} does not exist; choose the file again.</source>
        <extracomment>The settings to apply, when the user chose them (through the application&apos;s settings change: checked, written whole or not at all, announced to the window).</extracomment>
        <translation>{path} は存在しません。ファイルをもう一度選んでください。</translation>
    </message>
    <message>
        <source>{archive} is not a zip file ({error}); choose a file made by Export all my data.</source>
        <translation>{archive} は zip ファイルではありません（{error}）。「すべてのデータをエクスポート」で作成したファイルを選んでください。</translation>
    </message>
    <message>
        <source>{archive} holds {count} files, more than an export of Agent Desktop can ({limit}); it was not imported.</source>
        <translation>{archive} には {count} 個のファイルがあり、Agent Desktop のエクスポートに入る数（{limit}）を超えています。インポートしませんでした。</translation>
    </message>
    <message>
        <source>{archive} would unpack to {total} bytes, more than the {limit} an import takes; it was not imported. Export again on the other computer.</source>
        <translation>{archive} は展開すると {total} バイトになり、インポートで扱える {limit} バイトを超えます。インポートしませんでした。もう一方のコンピューターでもう一度エクスポートしてください。</translation>
    </message>
    <message>
        <source>{archive} holds a file whose path leaves its folder ({member}); it is not an export of Agent Desktop and was not imported.</source>
        <translation>{archive} にはフォルダーの外を指すパスのファイル（{member}）があります。Agent Desktop のエクスポートではないため、インポートしませんでした。</translation>
    </message>
    <message>
        <source>{archive}: {member} is damaged ({error}); export again.</source>
        <translation>{archive}：{member} が破損しています（{error}）。もう一度エクスポートしてください。</translation>
    </message>
    <message>
        <source>{archive}: {member} is not valid JSON ({error}); export again.</source>
        <translation>{archive}：{member} は有効な JSON ではありません（{error}）。もう一度エクスポートしてください。</translation>
    </message>
    <message>
        <source>{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a file made by File → Export all my data.</source>
        <translation>{archive} には manifest.json がありません。Agent Desktop のエクスポートではありません。「ファイル → すべてのデータをエクスポート」で作成したファイルを選んでください。</translation>
    </message>
    <message>
        <source>{archive}: its manifest does not name the format {format}; it is not an export of Agent Desktop.</source>
        <translation>{archive}：マニフェストに形式 {format} が記されていません。Agent Desktop のエクスポートではありません。</translation>
    </message>
    <message>
        <source>{archive}: its manifest&apos;s version {version} is not a version.</source>
        <translation>{archive}：マニフェストのバージョン {version} は正しいバージョンではありません。</translation>
    </message>
    <message>
        <source>{archive} was written by a newer Agent Desktop (format version {version}); this one reads up to version {supported}. Update the app, then import it.</source>
        <translation>{archive} は新しい Agent Desktop で書き出されました（形式バージョン {version}）。このアプリが読めるのはバージョン {supported} までです。アプリを更新してからインポートしてください。</translation>
    </message>
    <message>
        <source>{archive}: {member} is not a JSON object; export again.</source>
        <translation>{archive}：{member} は JSON オブジェクトではありません。もう一度エクスポートしてください。</translation>
    </message>
    <message>
        <source>{archive}: {member} has no list of {key}; export again.</source>
        <translation>{archive}：{member} に {key} のリストがありません。もう一度エクスポートしてください。</translation>
    </message>
    <message>
        <source>Memory was not imported: {reason}</source>
        <translation>記憶した項目はインポートされませんでした：{reason}</translation>
    </message>
    <message>
        <source>The skill {name} was not installed: {reason}</source>
        <translation>スキル {name} はインストールされませんでした：{reason}</translation>
    </message>
    <message>
        <source>The project {name} was not added: its folder {folder} is not on this computer. Make it again from its folder (drop the folder on the window).</source>
        <translation>プロジェクト {name} は追加されませんでした：フォルダー {folder} がこのコンピューターにありません。そのフォルダーからもう一度作成してください（フォルダーをウィンドウにドロップします）。</translation>
    </message>
    <message>
        <source>A schedule was not imported: {error}</source>
        <translation>スケジュールはインポートされませんでした：{error}</translation>
    </message>
    <message>
        <source>Imported schedules are off: turn them on in Session → Schedules.</source>
        <translation>インポートしたスケジュールはオフになっています。セッション → スケジュール一覧でオンにしてください。</translation>
    </message>
    <message>
        <source>Tool servers were not imported: a file never decides what runs on this computer. Add them again in Settings → Tool servers.</source>
        <translation>ツールサーバーはインポートされませんでした。このコンピューターで何を実行するかをファイルが決めることはありません。設定 → ツールサーバーでもう一度追加してください。</translation>
    </message>
    <message>
        <source>The setting {name} was not imported: its value is not valid.</source>
        <translation>設定 {name} はインポートされませんでした：値が正しくありません。</translation>
    </message>
    <message>
        <source>The API key of {named} is no longer stored (a key kept for one session only is gone after a restart). Enter it again in Settings → Providers.</source>
        <translation>{named} の API キーはもう保存されていません（このセッションだけ保持したキーは再起動後に消えます）。設定 → プロバイダーでもう一度入力してください。</translation>
    </message>
    <message>
        <source>The API keys of {named} are no longer stored (a key kept for one session only is gone after a restart). Enter them again in Settings → Providers.</source>
        <translation>{named} の API キーはもう保存されていません（このセッションだけ保持したキーは再起動後に消えます）。設定 → プロバイダーでもう一度入力してください。</translation>
    </message>
    <message>
        <source>Plugins could not be looked for ({error}); the app starts without them. Details are in the log.</source>
        <translation>プラグインを探せませんでした（{error}）。アプリはプラグインなしで起動します。詳細はログにあります。</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) was not loaded: {error}</source>
        <translation>プラグイン {name} ({source}) を読み込めませんでした: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) failed as it started: {error}</source>
        <translation>プラグイン {name} ({source}) の起動に失敗しました: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} could not be registered: {error}</source>
        <translation>プラグイン {name} を登録できませんでした: {error}</translation>
    </message>
    <message>
        <source>{error} It is no longer used; remove it there when you can.</source>
        <extracomment>{secret name: new value, or None to delete} Secret names the user chose to keep for this session only. `ToolRule.rule_id`s of argument rules the user revoked. The config&apos;s whole new `plugins` list (plugin sources), or None to keep it. The config&apos;s whole new `disabled_plugins` list (off for every agent), or None to keep it. (provider plugin name) -&gt; that plugin&apos;s `get_config_schema()` dict, or None when not loaded. Its `get_config_schema()`: {dotted key: {type, required, default, …}}. JSON-schema type -&gt; (Python types, what the user is told to enter).</extracomment>
        <translation>{error} もう使われていません。可能なときにそこから削除してください。</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). After a restart enter them again, or reference an environment variable with {reference}.</source>
        <translation>このセッションだけ保持し、保存していません: {names}（{reasons}）。再起動後にもう一度入力するか、{reference} で環境変数を参照してください。</translation>
    </message>
    <message>
        <source>the environment variable {name} of “{title}”</source>
        <translation>「{title}」の環境変数 {name}</translation>
    </message>
    <message>
        <source>the header {name} of “{title}”</source>
        <translation>「{title}」のヘッダー {name}</translation>
    </message>
    <message>
        <source>the API key of “{title}”</source>
        <translation>「{title}」の API キー</translation>
    </message>
    <message>
        <source>The user denied this tool call: {reason}</source>
        <extracomment>The arguments the user edited before allowing the call; None runs it as the model wrote.</extracomment>
        <translation>ユーザーがこのツール呼び出しを拒否しました: {reason}</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>ユーザーがこのツール呼び出しを拒否しました。</translation>
    </message>
    <message>
        <source>The tool call was not run: {reason}</source>
        <translation>ツール呼び出しは実行されませんでした: {reason}</translation>
    </message>
    <message>
        <source>The required argument &apos;{name}&apos; is missing.</source>
        <translation>必須の引数「{name}」がありません。</translation>
    </message>
    <message>
        <source>The tool does not take an argument &apos;{name}&apos;.</source>
        <translation>このツールは引数「{name}」を受け付けません。</translation>
    </message>
    <message>
        <source>Send the call again with the arguments the tool takes: {names}.</source>
        <translation>ツールが受け付ける引数でもう一度呼び出してください: {names}</translation>
    </message>
    <message>
        <source>Send the call again without arguments.</source>
        <translation>引数なしでもう一度呼び出してください。</translation>
    </message>
    <message>
        <source>Error: the call to tool &apos;{tool}&apos; was not run: its arguments do not fit the tool&apos;s parameters.</source>
        <translation>エラー: ツール「{tool}」の呼び出しは実行されませんでした。引数がツールのパラメーターに合いません。</translation>
    </message>
</context>
<context>
    <name>FirstRunFlow</name>
    <message>
        <source>Could not look for local servers: {error}</source>
        <translation>ローカルサーバーを検索できませんでした：{error}</translation>
    </message>
</context>
<context>
    <name>Forms</name>
    <message>
        <source>(not set)</source>
        <translation>（未設定）</translation>
    </message>
    <message>
        <source>See the note above.</source>
        <translation>上の注記を参照してください。</translation>
    </message>
    <message>
        <source>Not valid JSON (line {line}, column {column}): {error}.</source>
        <extracomment>Longer captions wrap, so the fields keep their room in a narrow window.</extracomment>
        <translation>JSON が正しくありません（{line} 行目、{column} 列目）：{error}。</translation>
    </message>
    <message>
        <source>Enter a JSON object.</source>
        <translation>JSON オブジェクトを入力してください。</translation>
    </message>
    <message>
        <source>Enter a JSON array.</source>
        <translation>JSON 配列を入力してください。</translation>
    </message>
    <message>
        <source>This cannot be split into words: {error}. Close the quote.</source>
        <translation>語に分割できません：{error}。引用符を閉じてください。</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <translation>システムのキーリングを利用できません。</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>Type a new key to replace the stored one</source>
        <translation>保存済みのキーを置き換えるには、新しいキーを入力してください</translation>
    </message>
    <message>
        <source>Secrets cannot be stored here: no keyring is connected to this form.</source>
        <translation>ここには秘密情報を保存できません。このフォームにはキーリングが接続されていません。</translation>
    </message>
    <message>
        <source>For values ticked Secret: {problem}</source>
        <translation>「秘密」にチェックした値について：{problem}</translation>
    </message>
    <message>
        <source>Every value needs a name.</source>
        <translation>すべての値に名前が必要です。</translation>
    </message>
    <message>
        <source>Each name once: {names} appears more than once.</source>
        <translation>名前は一度ずつにしてください：{names} が重複しています。</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>フォルダーを選択…</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>ファイルを選択…</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>モデル ID</translation>
    </message>
    <message>
        <source>{field} is required.</source>
        <translation>{field}は必須です。</translation>
    </message>
</context>
<context>
    <name>FullTextViewer</name>
    <message>
        <source>{title}, whole text</source>
        <translation>{title}、全文</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>Loading state</source>
        <translation>読み込み状態</translation>
    </message>
    <message>
        <source>Whole text</source>
        <translation>全文</translation>
    </message>
    <message>
        <source>{characters} characters · {lines} lines</source>
        <translation>{characters} 文字 · {lines} 行</translation>
    </message>
    <message>
        <source>“{word}” first found on line {line}</source>
        <translation>「{word}」は {line} 行目に最初に出現します</translation>
    </message>
    <message>
        <source>Loading… {percent} %</source>
        <translation>読み込み中… {percent} %</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source>How the app looks and behaves.</source>
        <translation>アプリの見た目と動作。</translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message>
        <source>Import data</source>
        <translation>データをインポート</translation>
    </message>
    <message>
        <source>{file} holds the data below. Choose what to add to this computer&apos;s.</source>
        <translation>{file} には次のデータが含まれています。このコンピューターに追加するものを選んでください。</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n 件のチャット</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>%n 件の記憶した項目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n 件のプロジェクト</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>%n 件のスキル</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>%n 件のスケジュール (オフでインポート)</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings, providers and agents (replace yours where they differ)</source>
        <translation>設定・プロバイダー・エージェント (異なる項目は現在のものを置き換えます)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>インポート</translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message>
        <source>Server list to import</source>
        <translation>インポートするサーバーの一覧</translation>
    </message>
    <message>
        <source>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files work.</source>
        <translation>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop、Cursor、Cline、VS Code（servers）、Goose（extensions）のファイルに対応しています。</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>プレビュー</translation>
    </message>
    <message>
        <source>From a file…</source>
        <translation>ファイルから…</translation>
    </message>
    <message>
        <source>Read another app&apos;s MCP configuration file</source>
        <translation>他のアプリの MCP 設定ファイルを読み込みます</translation>
    </message>
    <message>
        <source>Add these servers</source>
        <translation>これらのサーバーを追加</translation>
    </message>
    <message>
        <source>Import preview</source>
        <translation>インポートのプレビュー</translation>
    </message>
    <message>
        <source>Import MCP servers from a file</source>
        <translation>ファイルから MCP サーバーをインポート</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON ファイル（*.json）</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>すべてのファイル（*）</translation>
    </message>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>%n 個のサーバーを追加</numerusform>
        </translation>
    </message>
    <message>
        <source>“{name}” is larger than an MCP configuration file can be (over 1 MB); choose the app&apos;s MCP settings file.</source>
        <translation>「{name}」は MCP 設定ファイルとしては大きすぎます（1 MB 超）。アプリの MCP 設定ファイルを選んでください。</translation>
    </message>
    <message>
        <source>Could not read “{name}”: {error}. Choose another file or paste its text.</source>
        <translation>「{name}」を読み込めませんでした：{error}。別のファイルを選ぶか、内容を貼り付けてください。</translation>
    </message>
</context>
<context>
    <name>InstructionsDialog</name>
    <message>
        <source>Chat instructions</source>
        <translation>チャットの指示</translation>
    </message>
    <message>
        <source>The model reads these before every message of this chat. They replace the agent&apos;s instructions for this chat only.</source>
        <translation>この指示は、このチャットのメッセージごとにモデルが最初に読みます。このチャットに限り、エージェントの指示の代わりに使われます。</translation>
    </message>
    <message>
        <source>Instructions for this chat</source>
        <translation>このチャットの指示</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions:

{instructions}</source>
        <translation>空欄：このチャットではエージェントの指示を使います：

{instructions}</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions (it has none).</source>
        <translation>空欄：このチャットではエージェントの指示を使います（指示はありません）。</translation>
    </message>
    <message>
        <source>Use the agent&apos;s</source>
        <translation>エージェントの指示を使う</translation>
    </message>
    <message>
        <source>Remove this chat&apos;s own instructions</source>
        <translation>このチャット独自の指示を削除します</translation>
    </message>
    <message>
        <source>Instructions of {name}</source>
        <translation>{name} の指示</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <translation>プロジェクトの指示</translation>
    </message>
</context>
<context>
    <name>LinkedItems</name>
    <message>
        <source>This row links to {href}, which the app cannot open.</source>
        <translation>この行は {href} にリンクしていますが、アプリでは開けません。</translation>
    </message>
    <message>
        <source>Only a file of one of your projects opens from a chat.</source>
        <translation>チャットから開けるのは、いずれかのプロジェクトのファイルだけです。</translation>
    </message>
    <message>
        <source>No app here opens {name}.</source>
        <translation>{name} を開けるアプリがありません。</translation>
    </message>
    <message>
        <source>Settings has no Memory page: the memory plugin is turned off.</source>
        <translation>設定にメモリのページがありません: メモリのプラグインがオフです。</translation>
    </message>
    <message>
        <source>That remembered item was deleted.</source>
        <translation>その記憶した項目は削除されています。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>起動中…</translation>
    </message>
</context>
<context>
    <name>MarkdownRender</name>
    <message>
        <source>Copy</source>
        <extracomment>Held while markdown-it or Pygments import a module or fill one of their lazy caches.</extracomment>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Drawing diagram…</source>
        <translation>図を描画中…</translation>
    </message>
    <message>
        <source>Copy source</source>
        <translation>ソースをコピー</translation>
    </message>
</context>
<context>
    <name>McpServerTrustList</name>
    <message>
        <source>MCP server trust</source>
        <translation>MCP サーバーの信頼</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Import JSON…</source>
        <translation>JSON をインポート…</translation>
    </message>
    <message>
        <source>Paste an mcpServers block from another app&apos;s config</source>
        <translation>他のアプリの設定から mcpServers ブロックを貼り付けます</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>接続をテスト</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>先に「{current_id}」の強調表示された項目を修正してください。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>理由は示されていません</translation>
    </message>
    <message>
        <source>Could not connect: {reason}</source>
        <translation>接続できませんでした：{reason}</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>接続しました：ツール %n 個（{tools}）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>接続しました。</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Editing an earlier message: sending starts a new version of the chat from there; the current one stays (switch with ‹ › on the message).</source>
        <translation>以前のメッセージを編集中：送信すると、そこからチャットの新しいバージョンが始まります。現在のバージョンも残ります（メッセージの ‹ › で切り替え）。</translation>
    </message>
    <message>
        <source>Its attachments go with it: {files}.</source>
        <translation>添付ファイルも引き継がれます：{files}。</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <translation>{title}（フォーク）</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>Forking the chat…</source>
        <translation>チャットをフォーク中…</translation>
    </message>
    <message>
        <source>Could not fork the chat: {error}</source>
        <translation>チャットをフォークできませんでした：{error}</translation>
    </message>
    <message>
        <source>Forked into “{title}”.</source>
        <translation>「{title}」にフォークしました。</translation>
    </message>
    <message>
        <source>This chat has no code block to copy.</source>
        <translation>このチャットにはコピーできるコードブロックがありません。</translation>
    </message>
    <message>
        <source>This chat has its own instructions.</source>
        <translation>このチャットには独自の指示があります。</translation>
    </message>
    <message>
        <source>This chat uses its agent&apos;s instructions.</source>
        <translation>このチャットではエージェントの指示を使います。</translation>
    </message>
</context>
<context>
    <name>MessageBody</name>
    <message>
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <source>{size} KB</source>
        <translation>{size} KB</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 行</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>images</source>
        <extracomment>The widest the button grows; a longer id is cut at its end (its start says which model).</extracomment>
        <translation>画像</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>推論</translation>
    </message>
    <message>
        <source>{size}k context</source>
        <translation>コンテキスト {size}k</translation>
    </message>
    <message>
        <source>${given:.2f} / ${answered:.2f} per M tokens</source>
        <translation>入力 ${given:.2f} / 出力 ${answered:.2f}（100 万トークンあたり）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Model for this chat</source>
        <translation>このチャットのモデル</translation>
    </message>
    <message>
        <source>{model} · {provider}</source>
        <translation>{model} · {provider}</translation>
    </message>
    <message>
        <source>Model for this chat: {model}</source>
        <translation>このチャットのモデル：{model}</translation>
    </message>
</context>
<context>
    <name>ModelPickerPopup</name>
    <message>
        <source>Choose a model</source>
        <translation>モデルを選択</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>モデルを絞り込む</translation>
    </message>
    <message>
        <source>Filter models, or type a model id…</source>
        <translation>モデルを絞り込むか、モデル ID を入力…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>ピン留め</translation>
    </message>
    <message>
        <source>Pin the model</source>
        <translation>モデルをピン留め</translation>
    </message>
    <message>
        <source>Refresh lists</source>
        <translation>一覧を更新</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>モデル一覧の状態</translation>
    </message>
    <message>
        <source>No provider is set up where this chat runs, so there is no model to pick. Add one in Settings → Providers, or in the agent server&apos;s settings.</source>
        <translation>このチャットを実行している場所にはプロバイダーが設定されていないため、選べるモデルがありません。設定 → プロバイダーで追加するか、エージェントサーバーの設定で追加してください。</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>モデルを取得中…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>ピン留め</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <source>Could not list the models: {reason}</source>
        <translation>モデルの一覧を取得できませんでした：{reason}</translation>
    </message>
    <message>
        <source>Use “{model}” from {provider}</source>
        <translation>{provider} の「{model}」を使用</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>ピン留めを外す</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <extracomment>The topic of &quot;the agent is still working in this chat&quot;: withdrawn once the chat is free. The topic of &quot;editing an earlier message&quot;: withdrawn once the edited answer is done.</extracomment>
        <translation>お知らせ</translation>
    </message>
    <message>
        <source>Notice action</source>
        <translation>お知らせの操作</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Dismiss notice</source>
        <translation>お知らせを閉じる</translation>
    </message>
</context>
<context>
    <name>PathField</name>
    <message>
        <source>Choose {label}</source>
        <translation>{label}を選択</translation>
    </message>
</context>
<context>
    <name>PluginActions</name>
    <message>
        <source>{kind} plugin, version {version}, by {author}</source>
        <translation>{kind} プラグイン、バージョン {version}、作者 {author}</translation>
    </message>
    <message>
        <source>{kind} plugin, version {version}</source>
        <translation>{kind} プラグイン、バージョン {version}</translation>
    </message>
    <message>
        <source>It cannot be loaded: {error}</source>
        <translation>読み込めません：{error}</translation>
    </message>
    <message>
        <source>Tools it adds:</source>
        <translation>追加されるツール：</translation>
    </message>
    <message>
        <source>It adds no tools.</source>
        <translation>ツールは追加されません。</translation>
    </message>
    <message>
        <source>Settings it adds:</source>
        <translation>追加される設定：</translation>
    </message>
    <message>
        <source>It adds no settings.</source>
        <translation>設定は追加されません。</translation>
    </message>
    <message>
        <source>It would not be installed: {problem}</source>
        <translation>インストールされません：{problem}</translation>
    </message>
    <message>
        <source>secret, kept in the keyring</source>
        <translation>シークレット、キーリングに保存</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>既定値：{value}</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>無効にする</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>Plugin details</source>
        <translation>プラグインの詳細</translation>
    </message>
    <message>
        <source>Choose a plugin to see what it is: its kind, tools and settings.</source>
        <translation>プラグインを選ぶと、その種類・ツール・設定が表示されます。</translation>
    </message>
    <message>
        <source>Reading what {plugin} is…</source>
        <translation>{plugin} の内容を読み取り中…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>有効にする</translation>
    </message>
    <message>
        <source>A provider is turned off by removing its connection on the Providers page.</source>
        <translation>プロバイダーを無効にするには、プロバイダー ページでその接続を削除してください。</translation>
    </message>
    <message>
        <source>{plugin} is turned on for every agent when you press OK.</source>
        <translation>OK を押すと、{plugin} はすべてのエージェントで有効になります。</translation>
    </message>
    <message>
        <source>{plugin} is turned off for every agent when you press OK: its tools are gone from the next request.</source>
        <translation>OK を押すと、{plugin} はすべてのエージェントで無効になり、次のリクエストからそのツールは使われなくなります。</translation>
    </message>
    <message>
        <source>Updating {plugin}…</source>
        <translation>{plugin} を更新中…</translation>
    </message>
    <message>
        <source>Fetched {source} again: the new version loads at the next start.</source>
        <translation>{source} を再取得しました。新しいバージョンは次回の起動時に読み込まれます。</translation>
    </message>
    <message>
        <source>Updated {name} to {version}: it runs from the next start.</source>
        <translation>{name} を {version} に更新しました。次回の起動時から動作します。</translation>
    </message>
    <message>
        <source>Remove {plugin}?</source>
        <translation>{plugin} を削除しますか？</translation>
    </message>
    <message>
        <source>Its package is deleted from the plugin folder; its tools are gone at once.</source>
        <translation>パッケージがプラグインフォルダーから削除され、そのツールはすぐに使えなくなります。</translation>
    </message>
    <message>
        <source>Its source leaves the config when you press OK; it is gone from the next start.</source>
        <translation>OK を押すとソースが設定から外れ、次回の起動時からなくなります。</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Removing {plugin}…</source>
        <translation>{plugin} を削除中…</translation>
    </message>
    <message>
        <source>Removed the source {source}: it is saved when you press OK.</source>
        <translation>ソース {source} を削除しました。OK を押すと保存されます。</translation>
    </message>
    <message>
        <source>Removed {name}: its tools are gone.</source>
        <translation>{name} を削除しました。そのツールはもう使えません。</translation>
    </message>
</context>
<context>
    <name>PluginInstaller</name>
    <message>
        <source>Plugin to install</source>
        <translation>インストールするプラグイン</translation>
    </message>
    <message>
        <source>A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass</source>
        <translation>パッケージ名、wheel ファイル (.whl)、path:/folder、git+URL または package.PluginClass</translation>
    </message>
    <message>
        <source>Choose wheel…</source>
        <translation>wheel を選択…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>See what it is (kind, tools, settings) before installing it</source>
        <translation>インストールする前に、その内容（種類、ツール、設定）を確認します</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>インストール</translation>
    </message>
    <message>
        <source>Choose a plugin wheel</source>
        <translation>プラグインの wheel を選択</translation>
    </message>
    <message>
        <source>Python wheels (*.whl)</source>
        <translation>Python wheel（*.whl）</translation>
    </message>
    <message>
        <source>Type or choose what to install first.</source>
        <translation>先にインストールするものを入力するか選択してください。</translation>
    </message>
    <message>
        <source>Installing {wheel}…</source>
        <translation>{wheel} をインストール中…</translation>
    </message>
    <message>
        <source>Fetching {name} from the package index…</source>
        <translation>パッケージインデックスから {name} を取得中…</translation>
    </message>
    <message>
        <source>Checking {source}…</source>
        <translation>{source} を確認中…</translation>
    </message>
    <message>
        <source>Installed {name} {version} by {author}: it adds {plugins}. Its settings show the next time Settings opens.</source>
        <translation>{author} の {name} {version} をインストールしました。追加されるもの：{plugins}。設定は次に「設定」を開いたときに表示されます。</translation>
    </message>
    <message>
        <source>an unnamed author</source>
        <translation>作者不明</translation>
    </message>
    <message>
        <source>Added the plugin source {source}: it is saved when you press OK and loads at the next start.</source>
        <translation>プラグインのソース {source} を追加しました。OK を押すと保存され、次回の起動時に読み込まれます。</translation>
    </message>
</context>
<context>
    <name>PluginSettingsPage</name>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for each agent.</source>
        <translation>プラグイン「{plugin}」{version} の設定（エージェントごと）。</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for the whole app.</source>
        <translation>プラグイン「{plugin}」{version} の設定（アプリ全体）。</translation>
    </message>
    <message>
        <source>Settings for agent</source>
        <translation>エージェントの設定</translation>
    </message>
</context>
<context>
    <name>PluginsPage</name>
    <message>
        <source>Plugin</source>
        <translation>プラグイン</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>有効</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>provider</source>
        <extracomment>The kinds `plugin_discovery` sorts plugins into, and the tool plugins&apos; flavours (`agent_app.plugin_offers`), as the Kind column and the details name them.</extracomment>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>extension</source>
        <translation>拡張</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>機能</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>agent-adapter tool</source>
        <translation>エージェントアダプター型ツール</translation>
    </message>
    <message>
        <source>OpenHands tool</source>
        <translation>OpenHands ツール</translation>
    </message>
    <message>
        <source>Node tool</source>
        <translation>Node ツール</translation>
    </message>
    <message>
        <source>Everything that was found at start-up. “Enabled” is for the default agent; change it per agent on the Agents page.</source>
        <translation>起動時に見つかったすべてのプラグインです。「有効」は既定のエージェントの設定です。エージェントごとの変更はエージェントのページで行います。</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>on</source>
        <translation>オン</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Failed to load: {error}</source>
        <translation>読み込みに失敗しました: {error}</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>読み込み済み</translation>
    </message>
</context>
<context>
    <name>ProjectChats</name>
    <message>
        <source>No project was made of {folder}: {reason}</source>
        <translation>{folder} からプロジェクトを作成できませんでした：{reason}</translation>
    </message>
    <message>
        <source>“{name}” is no longer a project; its folder is as it was.</source>
        <translation>「{name}」はプロジェクトではなくなりました。フォルダーはそのままです。</translation>
    </message>
    <message>
        <source>Pin a file of {name}</source>
        <translation>{name} のファイルをピン留め</translation>
    </message>
    <message>
        <source>{path} is not in the project&apos;s folder {folder}; only its files are pinned.</source>
        <translation>{path} はプロジェクトのフォルダー {folder} にありません。ピン留めできるのはそのフォルダーのファイルだけです。</translation>
    </message>
    <message>
        <source>The project “{name}” is updated.</source>
        <translation>プロジェクト「{name}」を更新しました。</translation>
    </message>
    <message>
        <source>No model is chosen yet: pick one in the message box, then try again.</source>
        <translation>まだモデルが選ばれていません。メッセージ欄でモデルを選んでから、もう一度お試しください。</translation>
    </message>
    <message>
        <source>New chats in “{name}” use the model of the chat they are started from.</source>
        <translation>「{name}」の新しいチャットは、開始元のチャットのモデルを使います。</translation>
    </message>
    <message>
        <source>New chats in “{name}” use {model}.</source>
        <translation>「{name}」の新しいチャットは {model} を使います。</translation>
    </message>
    <message>
        <source>This chat is in the project “{name}”: it works in {folder}.</source>
        <translation>このチャットはプロジェクト「{name}」にあり、{folder} で作業します。</translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message>
        <source>Projects</source>
        <translation>プロジェクト</translation>
    </message>
    <message>
        <source>Projects and their chats</source>
        <translation>プロジェクトとそのチャット</translation>
    </message>
    <message>
        <source>New chat in project</source>
        <translation>プロジェクトに新しいチャット</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n 件のチャット</numerusform>
        </translation>
    </message>
    <message>
        <source>New chats use {model}</source>
        <translation>新しいチャットは {model} を使用</translation>
    </message>
    <message>
        <source>New chat in {name}</source>
        <translation>{name} に新しいチャット</translation>
    </message>
    <message>
        <source>Project actions</source>
        <translation>プロジェクトの操作</translation>
    </message>
    <message>
        <source>Instructions…</source>
        <translation>指示…</translation>
    </message>
    <message>
        <source>Pin a file…</source>
        <translation>ファイルをピン留め…</translation>
    </message>
    <message>
        <source>Use the model shown for its new chats</source>
        <translation>表示中のモデルを新しいチャットに使う</translation>
    </message>
    <message>
        <source>Stop using {model} for its new chats</source>
        <translation>新しいチャットに {model} を使うのをやめる</translation>
    </message>
</context>
<context>
    <name>PromptLayer</name>
    <message>
        <source>Approval prompts</source>
        <translation>承認の確認</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>Other OpenAI-compatible server</source>
        <extracomment>The `preset` key the OpenAI-compatible plugin knows the server by (&quot;&quot; for none).</extracomment>
        <translation>その他の OpenAI 互換サーバー</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Add provider…</source>
        <translation>プロバイダーを追加…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>接続をテスト</translation>
    </message>
    <message>
        <source>Ask the server for its models with these settings</source>
        <translation>この設定でサーバーにモデルの一覧を問い合わせます</translation>
    </message>
    <message>
        <source>Found on this computer</source>
        <translation>このコンピューターで見つかったもの</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>サービス</translation>
    </message>
    <message>
        <source>For tests</source>
        <translation>テスト用</translation>
    </message>
    <message>
        <source>No local server found running (Ollama, LM Studio…)</source>
        <translation>実行中のローカルサーバーが見つかりません（Ollama、LM Studio…）</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>先に「{current_id}」の強調表示された項目を修正してください。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>接続しました：モデル %n 個（{models}）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected: no models.</source>
        <translation>接続しました：モデルはありません。</translation>
    </message>
</context>
<context>
    <name>RecordsField</name>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Search {label}</source>
        <translation>{label}を検索</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Edit the selected {label}</source>
        <translation>選択した{label}を編集</translation>
    </message>
    <message>
        <source>Delete the selected {label}</source>
        <translation>選択した{label}を削除</translation>
    </message>
</context>
<context>
    <name>RemoteChats</name>
    <message>
        <source>The agent server at {url} runs with the token it made on an earlier start, which this app does not know. Revoke it with &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; and start the server again to get a new one.</source>
        <translation>{url} のエージェントサーバーは、以前の起動時に作成したトークンを使っていますが、このアプリはそのトークンを知りません。「agent-desktop serve --revoke-token --data-dir {folder}」で取り消してから、サーバーを再起動して新しいトークンを取得してください。</translation>
    </message>
    <message>
        <source>The agent server {server} stopped: {reason}</source>
        <translation>エージェントサーバー {server} が停止しました: {reason}</translation>
    </message>
    <message>
        <source>The access token of the agent server {server} is revoked: the server refuses it from now on. Restart the server to make a new one, then connect again.</source>
        <translation>エージェントサーバー {server} のアクセストークンを取り消しました。サーバーは今後このトークンを拒否します。サーバーを再起動して新しいトークンを作成し、もう一度接続してください。</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>チャットの名前を変更</translation>
    </message>
    <message>
        <source>New name of the chat on {server}</source>
        <translation>{server} 上のチャットの新しい名前</translation>
    </message>
</context>
<context>
    <name>RemoteServerSection</name>
    <message>
        <source>Agent server {server}</source>
        <translation>エージェントサーバー {server}</translation>
    </message>
    <message>
        <source>New chat on {server}</source>
        <translation>{server} で新しいチャット</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>エージェントサーバー {server} の設定</translation>
    </message>
    <message>
        <source>Chats on {server}</source>
        <translation>{server} 上のチャット</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>無題のチャット</translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message>
        <source>Tool server resources</source>
        <translation>ツールサーバーのリソース</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>リソース</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>説明</translation>
    </message>
    <message>
        <source>Resource preview</source>
        <translation>リソースのプレビュー</translation>
    </message>
    <message>
        <source>Resource picture</source>
        <translation>リソースの画像</translation>
    </message>
    <message>
        <source>Resource browser message</source>
        <translation>リソースブラウザーのメッセージ</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添付</translation>
    </message>
    <message>
        <source>Attach resource</source>
        <translation>リソースを添付</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>{name} (template)</source>
        <translation>{name}（テンプレート）</translation>
    </message>
    <message>
        <source>No running tool server offers resources.</source>
        <translation>リソースを提供している実行中のツールサーバーはありません。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>A template: Attach asks for its parameters ({names}), then reads the resource.</source>
        <translation>テンプレートです。「添付」を押すとパラメーター（{names}）を尋ねてからリソースを読み込みます。</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>{uri} を読み込み中…</translation>
    </message>
    <message>
        <source>Could not read it: {error}</source>
        <translation>読み込めませんでした：{error}</translation>
    </message>
    <message>
        <source>{mime}, {size} (binary)</source>
        <translation>{mime}、{size}（バイナリ）</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>…（全 %n 文字）</numerusform>
        </translation>
    </message>
    <message>
        <source>Attaching {name}…</source>
        <translation>{name} を添付中…</translation>
    </message>
    <message>
        <source>Attached {name} to the message.</source>
        <translation>{name} をメッセージに添付しました。</translation>
    </message>
    <message>
        <source>It was not attached.</source>
        <translation>添付されませんでした。</translation>
    </message>
    <message>
        <source>{name}: parameters</source>
        <translation>{name}：パラメーター</translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message>
        <source>Show all  ({size})</source>
        <translation>すべて表示（{size}）</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… 前の %n 文字は表示されていません …</numerusform>
        </translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>（出力なし）</translation>
    </message>
</context>
<context>
    <name>RowTasks</name>
    <message>
        <source>Could not ask the server to cancel the task: {error}</source>
        <translation>タスクのキャンセルをサーバーに依頼できませんでした：{error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its row shows how it ended.</source>
        <translation>{task} のキャンセルをサーバーに依頼しました。終了の結果はその行に表示されます。</translation>
    </message>
</context>
<context>
    <name>ScheduleEditor</name>
    <message>
        <source>Schedule</source>
        <extracomment>Every configured provider with its models (the model catalog&apos;s listing, off the GUI thread).</extracomment>
        <translation>スケジュール</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Use the agent&apos;s model</source>
        <translation>エージェントのモデルを使う</translation>
    </message>
    <message>
        <source>Answer in</source>
        <translation>回答先</translation>
    </message>
    <message>
        <source>A new chat each run</source>
        <translation>実行ごとに新しいチャット</translation>
    </message>
    <message>
        <source>this chat</source>
        <translation>このチャット</translation>
    </message>
    <message>
        <source>The chat “{title}”</source>
        <translation>チャット「{title}」</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>繰り返し</translation>
    </message>
    <message>
        <source>Every day</source>
        <translation>毎日</translation>
    </message>
    <message>
        <source>Weekdays</source>
        <translation>平日</translation>
    </message>
    <message>
        <source>Weekly on</source>
        <translation>毎週</translation>
    </message>
    <message>
        <source>Every N minutes</source>
        <translation>N 分ごと</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>毎時</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>曜日</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>分</translation>
    </message>
    <message>
        <source>At</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>タイムゾーン</translation>
    </message>
    <message>
        <source>Missed runs</source>
        <translation>実行されなかった回</translation>
    </message>
    <message>
        <source>Run once on return</source>
        <translation>復帰時に 1 回実行</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>有効</translation>
    </message>
    <message>
        <source>Schedules run while Agent Desktop runs, also hidden in the tray. To run them with the window closed, turn on “Run schedules when the app is closed” in the Schedules window, or run “agent-desktop serve” on this data folder.</source>
        <translation>スケジュールは Agent Desktop の実行中（トレイに隠れているときも）に実行されます。ウィンドウを閉じていても実行するには、スケジュール一覧ウィンドウで「アプリを閉じているときもスケジュールを実行」をオンにするか、このデータフォルダーで「agent-desktop serve」を実行してください。</translation>
    </message>
    <message>
        <source>The agent&apos;s own model</source>
        <translation>エージェント自身のモデル</translation>
    </message>
    <message>
        <source>Runs use the model of the schedule&apos;s agent.</source>
        <translation>実行にはスケジュールのエージェントのモデルが使われます。</translation>
    </message>
</context>
<context>
    <name>ScheduleRuns</name>
    <message>
        <source>Scheduled run finished</source>
        <translation>スケジュール実行が完了しました</translation>
    </message>
    <message>
        <source>A scheduled run needs you</source>
        <translation>スケジュール実行があなたの対応を待っています</translation>
    </message>
    <message>
        <source>{name}: a tool waits for your approval in its chat.</source>
        <translation>{name}: ツールがチャットであなたの承認を待っています。</translation>
    </message>
    <message>
        <source>A scheduled run failed</source>
        <translation>スケジュール実行が失敗しました</translation>
    </message>
</context>
<context>
    <name>SchedulesDialog</name>
    <message>
        <source>Schedules</source>
        <translation>スケジュール一覧</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>追加…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Run schedules when the app is closed</source>
        <translation>アプリを閉じているときもスケジュールを実行</translation>
    </message>
    <message>
        <source>Installs a user service that runs this data folder&apos;s schedules at login, without a window (systemd on Linux). A run is never started twice.</source>
        <translation>ログイン時にこのデータフォルダーのスケジュールをウィンドウなしで実行するユーザーサービスをインストールします（Linux では systemd）。同じ実行が二度開始されることはありません。</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>予定時刻</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>Open the run&apos;s chat</source>
        <translation>この実行のチャットを開く</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>Needs you</source>
        <translation>対応が必要</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>スキップ済み</translation>
    </message>
    <message>
        <source>Also stands for missed due times: {count}</source>
        <translation>見逃した予定時刻もまとめて実行: {count}</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>Your choices: keep the key for this session only (enter it again after a restart); type ${env:VARIABLE} to read it from an environment variable on every start; or unlock or install a keyring (GNOME Keyring, KWallet) and restart.</source>
        <extracomment>What a user without a working keyring can do, said where a key is typed.</extracomment>
        <translation>選択肢：このセッションの間だけキーを保持する（再起動後に再入力が必要）、${env:VARIABLE} と入力して起動のたびに環境変数から読み込む、またはキーリング（GNOME Keyring、KWallet）のロックを解除するかインストールしてから再起動する。</translation>
    </message>
</context>
<context>
    <name>SelectableText</name>
    <message>
        <source>Message text</source>
        <translation>メッセージ本文</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>Log of {server}</source>
        <translation>{server} のログ</translation>
    </message>
    <message>
        <source>(nothing logged yet)</source>
        <translation>（まだログはありません）</translation>
    </message>
</context>
<context>
    <name>ServerSettingsDialog</name>
    <message>
        <source>Not available for an agent server: it would pick a file or folder on this computer, which the server cannot read. Use it in the settings of the app on the server&apos;s computer.</source>
        <translation>エージェントサーバーでは使えません。このコンピューター上のファイルやフォルダーを選ぶことになりますが、サーバーはそれを読めません。サーバーのコンピューターでアプリの設定から使ってください。</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>エージェントサーバー {server} の設定</translation>
    </message>
    <message>
        <source>These settings are kept on the agent server {server} and used by its agent; secrets typed here go to that server&apos;s keyring and are never sent back.</source>
        <translation>これらの設定はエージェントサーバー {server} に保存され、そのエージェントが使います。ここで入力したシークレットはそのサーバーのキーリングに保存され、送り返されることはありません。</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>エージェント:</translation>
    </message>
    <message>
        <source>Agent of the server</source>
        <translation>サーバーのエージェント</translation>
    </message>
    <message>
        <source>Whose settings these pages show and change.</source>
        <translation>これらのページで表示・変更する設定の対象エージェントです。</translation>
    </message>
    <message>
        <source>Plugins of the server</source>
        <translation>サーバーのプラグイン</translation>
    </message>
    <message>
        <source>Reading the settings from the server…</source>
        <translation>サーバーから設定を読み込んでいます…</translation>
    </message>
    <message>
        <source>Revoke the access token…</source>
        <translation>アクセストークンを取り消す…</translation>
    </message>
    <message>
        <source>The server refuses this token from then on, from every computer that has it; restarting the server makes a new one.</source>
        <translation>以後サーバーは、このトークンを持つすべてのコンピューターからの要求を拒否します。サーバーを再起動すると新しいトークンが作成されます。</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}” on the server.</source>
        <translation>サーバー上のプラグイン「{plugin}」の設定。</translation>
    </message>
    <message>
        <source>The server&apos;s plugins have no settings to change.</source>
        <translation>サーバーのプラグインには変更できる設定がありません。</translation>
    </message>
    <message>
        <source>Save or cancel the changes to this agent&apos;s settings first.</source>
        <translation>先にこのエージェントの設定の変更を保存するか、キャンセルしてください。</translation>
    </message>
    <message>
        <source>Revoke the access token?</source>
        <translation>アクセストークンを取り消しますか？</translation>
    </message>
    <message>
        <source>The server refuses this token from now on, here and on every computer it was given to, and this window disconnects from it. To connect again, restart &apos;agent-desktop serve&apos;: it makes and shows a new token.</source>
        <translation>サーバーは今後、ここでもこのトークンを渡したすべてのコンピューターでも、このトークンを拒否し、このウィンドウはサーバーから切断されます。もう一度接続するには「agent-desktop serve」を再起動してください。新しいトークンが作成され、表示されます。</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>取り消す</translation>
    </message>
</context>
<context>
    <name>ServerSignInPanel</name>
    <message>
        <source>MCP server sign-in</source>
        <translation>MCP サーバーのサインイン</translation>
    </message>
    <message>
        <source>MCP sign-in result</source>
        <translation>MCP サインインの結果</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>再度サインイン</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access and open its login page in your browser</source>
        <translation>このサーバーへのアクセス情報を破棄し、ブラウザーでログインページを開きます</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>サインアウト</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access; its tools stop until you sign in</source>
        <translation>このサーバーへのアクセス情報を破棄します。再度サインインするまでツールは使えません</translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>ツール %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}: {reason} (stderr: {said})</source>
        <translation>{state}：{reason}（stderr: {said}）</translation>
    </message>
    <message>
        <source>{state} It failed before: {reason} (stderr: {said})</source>
        <translation>{state} 前回は失敗しました：{reason}（stderr: {said}）</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>MCP サーバーの状態</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>ログを表示</translation>
    </message>
    <message>
        <source>MCP server log</source>
        <translation>MCP サーバーのログ</translation>
    </message>
    <message>
        <source>Nothing logged yet.</source>
        <translation>まだログはありません。</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>ログを隠す</translation>
    </message>
</context>
<context>
    <name>ServerTokenDialog</name>
    <message>
        <source>Access token of the agent server</source>
        <translation>エージェントサーバーのアクセストークン</translation>
    </message>
    <message>
        <source>The agent server at {url} is running. Every request to it carries this token. Copy it now to connect from another app or computer: it will not be shown again. This app keeps it and connects by itself. To revoke it, use &apos;Revoke the access token&apos; in the server&apos;s settings, or run &apos;agent-desktop serve --revoke-token&apos;.</source>
        <translation>{url} のエージェントサーバーが動作しています。サーバーへのすべてのリクエストにこのトークンが付きます。ほかのアプリやコンピューターから接続するには今すぐコピーしてください。再び表示されることはありません。このアプリはトークンを保管し、自動的に接続します。取り消すには、サーバーの設定で「アクセストークンを取り消す」を使うか、「agent-desktop serve --revoke-token」を実行してください。</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>アクセストークン</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the access token</source>
        <translation>アクセストークンをコピー</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>コピーしました</translation>
    </message>
</context>
<context>
    <name>SessionActionRunner</name>
    <message>
        <source>Open or start a conversation first, then run the action on it.</source>
        <translation>先に会話を開くか開始してから、アクションを実行してください。</translation>
    </message>
    <message>
        <source>“{action}” is still running; wait for it or cancel it first.</source>
        <translation>「{action}」は実行中です。完了を待つか、先にキャンセルしてください。</translation>
    </message>
    <message>
        <source>Select the messages for “{action}” first: click the first one and Shift+click the last one, then choose it again.</source>
        <translation>先に「{action}」の対象メッセージを選択してください。最初のメッセージをクリックし、最後のメッセージを Shift キーを押しながらクリックしてから、もう一度選んでください。</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Export chat</source>
        <translation>チャットをエクスポート</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown（*.md）</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON（*.json）</translation>
    </message>
    <message>
        <source>Import chats</source>
        <translation>チャットをインポート</translation>
    </message>
    <message>
        <source>Agent Desktop chats (*{suffix} *.json)</source>
        <translation>Agent Desktop のチャット（*{suffix} *.json）</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>すべてのファイル（*）</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}. Choose another place.</source>
        <translation>{path} に書き込めませんでした：{reason}。別の場所を選んでください。</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>{path} にエクスポートしました。</translation>
    </message>
    <message>
        <source>{path} was not imported: {error}</source>
        <translation>{path} はインポートされませんでした：{error}</translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>%n 件のチャットをインポートしました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>承認が必要</translation>
    </message>
    <message>
        <source>You</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>{place}:</source>
        <translation>{place}：</translation>
    </message>
    <message>
        <source>now</source>
        <translation>たった今</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n 分</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n 時間</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n 日</numerusform>
        </translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>新しいチャット（Ctrl+N）</translation>
    </message>
    <message>
        <source>Search chats  (Ctrl+K)</source>
        <translation>チャットを検索（Ctrl+K）</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>会話を検索</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Conversation list</source>
        <translation>会話の一覧</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>一致するものはありません</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>名前を変更</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Markdown としてエクスポート…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>JSON としてエクスポート…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>{label} ({unit})</source>
        <extracomment>What a JSON-schema type is drawn as when the field names no `widget`.</extracomment>
        <translation>{label}（{unit}）</translation>
    </message>
    <message>
        <source>General</source>
        <translation>一般</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Drawn per server on the Tools page (not a field of a section&apos;s form).</extracomment>
        <translation>外観</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>システムに合わせる</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>ハイコントラスト</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Send messages with</source>
        <translation>メッセージの送信キー</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter for a new line)</source>
        <translation>Enter（Shift+Enter で改行）</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Tool rounds per request</source>
        <translation>1 回のリクエストでのツール実行回数</translation>
    </message>
    <message>
        <source>The agent stops after this many rounds of tool calls in one request.</source>
        <translation>1 回のリクエストでツール呼び出しがこの回数に達すると、エージェントは停止します。</translation>
    </message>
    <message>
        <source>Tool time limit</source>
        <translation>ツールの制限時間</translation>
    </message>
    <message>
        <source>A tool that runs longer than this is stopped.</source>
        <translation>これより長く実行されたツールは停止されます。</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Plugin time limit (seconds)</source>
        <translation>プラグインの制限時間（秒）</translation>
    </message>
    <message>
        <source>A plugin hook still running after this long stops its request, so the app keeps responding.</source>
        <translation>この時間を過ぎても実行中のプラグインフックは、そのリクエストを停止します。アプリの応答性を保つためです。</translation>
    </message>
    <message>
        <source>Largest attachment</source>
        <translation>添付ファイルの最大サイズ</translation>
    </message>
    <message>
        <source>Files larger than this are not attached.</source>
        <translation>これより大きいファイルは添付されません。</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>MCP server trust</source>
        <translation>MCP サーバーの信頼</translation>
    </message>
    <message>
        <source>Per MCP server: whether the tools it marks read-only may run without asking (a server&apos;s hints are its own claims). Servers not listed are asked about.</source>
        <translation>MCP サーバーごとに、読み取り専用と示されたツールを確認なしで実行してよいかを指定します（サーバーのヒントはサーバー側の申告です）。一覧にないサーバーは確認します。</translation>
    </message>
    <message>
        <source>Extra plugin folders</source>
        <translation>追加のプラグインフォルダー</translation>
    </message>
    <message>
        <source>Folders holding agent_plugin.json plugins, one per line; loaded on the next start.</source>
        <translation>agent_plugin.json プラグインを含むフォルダー（1 行に 1 つ）。次回の起動時に読み込まれます。</translation>
    </message>
    <message>
        <source>Plugin package index</source>
        <translation>プラグインのパッケージインデックス</translation>
    </message>
    <message>
        <source>Where Settings → Plugins finds a plugin installed by its package name (the address of a simple repository index).</source>
        <translation>設定 → プラグイン でパッケージ名からプラグインをインストールするときの取得先 (simple リポジトリインデックスのアドレス)。</translation>
    </message>
    <message>
        <source>Developer mode</source>
        <translation>開発者モード</translation>
    </message>
    <message>
        <source>Also list plugins that exist for tests and demos (such as scripted replies).</source>
        <translation>テストやデモ用のプラグイン（スクリプトによる応答など）も一覧に表示します。</translation>
    </message>
    <message>
        <source>Text size (%)</source>
        <translation>文字サイズ（%）</translation>
    </message>
    <message>
        <source>Size of the chat&apos;s text, relative to the system font (View → Bigger text).</source>
        <translation>システムフォントを基準にしたチャットの文字サイズです（表示 → 文字を大きく）。</translation>
    </message>
    <message>
        <source>Show the sidebar</source>
        <translation>サイドバーを表示</translation>
    </message>
    <message>
        <source>The list of chats on the left.</source>
        <translation>左側のチャット一覧です。</translation>
    </message>
    <message>
        <source>Show an icon in the system tray</source>
        <translation>システムトレイにアイコンを表示</translation>
    </message>
    <message>
        <source>Show or hide the window and start a chat from the tray; when the window is hidden, a finished answer is announced there.</source>
        <translation>トレイからウィンドウの表示／非表示やチャットの開始ができます。ウィンドウが隠れているときは、回答の完了がそこで通知されます。</translation>
    </message>
    <message>
        <source>Quick entry shortcut</source>
        <translation>クイック入力のショートカット</translation>
    </message>
    <message>
        <source>Keys that work in every app: they bring this window forward with the message box of a new chat ready (or of the chat shown, while it is empty or holds a draft). Empty: off. The command agent-desktop --quick-entry does the same.</source>
        <translation>どのアプリからでも使えるキーです。このウィンドウを前面に出し、新しいチャットのメッセージ欄を入力できる状態にします（表示中のチャットが空か下書きがある場合はそのチャット）。空欄：オフ。コマンド agent-desktop --quick-entry でも同じことができます。</translation>
    </message>
    <message>
        <source>Ask before every tool (hints ignored)</source>
        <translation>毎回確認する（ヒントは無視）</translation>
    </message>
    <message>
        <source>Run tools it marks read-only without asking</source>
        <translation>読み取り専用と示されたツールは確認なしで実行</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Keys that say where a provider connects and with which credential: they belong to the provider entry, never to an agent (where they would reach every provider the agent is switched to). Keys of a provider entry an agent cannot set for itself (its parameters may set the rest). Pages of the Settings dialog that show entries of these models (schema extra `section`).</extracomment>
        <translation>名前</translation>
    </message>
    <message>
        <source>e.g. Writer</source>
        <translation>例: ライター</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>The connection this agent talks through (Providers page).</source>
        <translation>このエージェントが使う接続（プロバイダーページ）。</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>既定のモデル</translation>
    </message>
    <message>
        <source>Empty: the provider&apos;s own default model. “Test connection” on the Providers page lists what the server offers.</source>
        <translation>空欄: プロバイダー自身の既定のモデル。プロバイダーページの「接続をテスト」でサーバーが提供するモデルを一覧できます。</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>You are a helpful assistant…</source>
        <translation>あなたは役に立つアシスタントです…</translation>
    </message>
    <message>
        <source>Other parameters (JSON)</source>
        <translation>その他のパラメーター（JSON）</translation>
    </message>
    <message>
        <source>Advanced: request settings the provider does not declare, e.g. {&quot;seed&quot;: 7}.</source>
        <translation>上級者向け: プロバイダーが宣言していないリクエスト設定。例: {&quot;seed&quot;: 7}。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>Page names other parts of the app can open the dialog on.</extracomment>
        <translation>設定</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>設定ページ</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>保存の状態</translation>
    </message>
    <message>
        <source>Loading plugin settings…</source>
        <translation>プラグインの設定を読み込み中…</translation>
    </message>
    <message>
        <source>PLUGIN SETTINGS</source>
        <translation>プラグインの設定</translation>
    </message>
    <message>
        <source>Saving… (the system keyring may ask to be unlocked first)</source>
        <translation>保存中…（先にシステムのキーリングのロック解除を求められることがあります）</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>保存中…</translation>
    </message>
    <message>
        <source>“{page}” has settings that need fixing (marked in red).</source>
        <translation>「{page}」に修正が必要な設定があります（赤で表示）。</translation>
    </message>
    <message>
        <source>Nothing was saved: {details}</source>
        <translation>何も保存されませんでした: {details}</translation>
    </message>
</context>
<context>
    <name>SettingsPages</name>
    <message>
        <source>Agents</source>
        <extracomment>Form keys of declared parameters: `parameters.&lt;name&gt;`.</extracomment>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>An agent is a provider and model with its own system prompt, parameters and plugins.</source>
        <translation>エージェントは、プロバイダーとモデルに独自のシステムプロンプト、パラメーター、プラグインを組み合わせたものです。</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP サーバー</translation>
    </message>
    <message>
        <source>Model Context Protocol servers whose tools the agents can use: a command to start (stdio) or a URL (HTTP).</source>
        <translation>エージェントがツールを使える Model Context Protocol サーバーです。起動するコマンド（stdio）または URL（HTTP）で指定します。</translation>
    </message>
    <message>
        <source>server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>プラグイン</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Connections to model servers. Each provider keeps its own address, key and model. Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one from the environment instead.</source>
        <translation>モデルサーバーへの接続です。プロバイダーごとにアドレス、キー、モデルを持ちます。キーは設定ファイルではなくシステムのキーリングに保存されます。${env:VARIABLE} と書くと環境変数から読み込みます。</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>プロバイダー</translation>
    </message>
</context>
<context>
    <name>SidebarSessions</name>
    <message>
        <source>the chat</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>Deleted “{title}”.</source>
        <translation>「{title}」を削除しました。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to {server}</source>
        <translation>{server} にサインイン</translation>
    </message>
    <message>
        <source>The tool server &apos;{server}&apos; needs you to sign in</source>
        <translation>ツールサーバー「{server}」へのサインインが必要です</translation>
    </message>
    <message>
        <source>Agent Desktop keeps the access in your system keyring.</source>
        <translation>Agent Desktop はアクセス情報をシステムのキーリングに保存します。</translation>
    </message>
    <message>
        <source>{problem} The access is kept for this session only: you sign in again after a restart.</source>
        <translation>{problem} アクセス情報はこのセッションの間だけ保持されます。再起動後はもう一度サインインしてください。</translation>
    </message>
    <message>
        <source>Your browser will open the login page on {host}. After you sign in there, the page sends you back to Agent Desktop and the server&apos;s tools become available.</source>
        <translation>ブラウザーで {host} のログインページが開きます。そこでサインインすると Agent Desktop に戻り、サーバーのツールが使えるようになります。</translation>
    </message>
    <message>
        <source>Login page: {page}</source>
        <translation>ログインページ：{page}</translation>
    </message>
    <message>
        <source>Login page address</source>
        <translation>ログインページのアドレス</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>後で</translation>
    </message>
    <message>
        <source>The server stays signed out; Settings → MCP servers → Sign in again starts later</source>
        <translation>サーバーはサインアウトしたままです。後で 設定 → MCP サーバー →「再度サインイン」から開始できます</translation>
    </message>
    <message>
        <source>Open {shown_host}</source>
        <translation>{shown_host} を開く</translation>
    </message>
</context>
<context>
    <name>StartServerDialog</name>
    <message>
        <source>Start an agent server on this computer</source>
        <translation>このコンピューターでエージェントサーバーを起動</translation>
    </message>
    <message>
        <source>The agent runs in a server of its own, without a window, with its own data folder. Only this computer can reach it on 127.0.0.1; another address needs TLS, as the server will tell you.</source>
        <translation>エージェントは、ウィンドウを持たない専用のサーバーで、専用のデータフォルダーを使って動作します。127.0.0.1 ではこのコンピューターからしか接続できません。ほかのアドレスには TLS が必要で、その方法はサーバーが案内します。</translation>
    </message>
    <message>
        <source>Address to listen on</source>
        <translation>待ち受けるアドレス</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>待ち受けアドレス</translation>
    </message>
    <message>
        <source>Keep running after the app quits</source>
        <translation>アプリの終了後も動作を続ける</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>起動</translation>
    </message>
    <message>
        <source>Starting the agent server…</source>
        <translation>エージェントサーバーを起動しています…</translation>
    </message>
</context>
<context>
    <name>TaskControls</name>
    <message>
        <source>Progress of {tool}</source>
        <translation>{tool} の進行状況</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Cancel {tool}</source>
        <translation>{tool} をキャンセル</translation>
    </message>
    <message>
        <source>Ask the server to stop this task</source>
        <translation>このタスクの停止をサーバーに依頼します</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>キャンセル中…</translation>
    </message>
</context>
<context>
    <name>TasksView</name>
    <message>
        <source>Running tasks</source>
        <translation>実行中のタスク</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>チャットを開く</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>タスクをキャンセル</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>{task} — in “{chat}”</source>
        <translation>{task} —「{chat}」内</translation>
    </message>
    <message>
        <source>No task is running.</source>
        <translation>実行中のタスクはありません。</translation>
    </message>
    <message>
        <source>Could not cancel {task}: {error}</source>
        <translation>{task} をキャンセルできませんでした：{error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its chat shows how it ended.</source>
        <translation>{task} のキャンセルをサーバーに依頼しました。終了の結果はそのチャットに表示されます。</translation>
    </message>
</context>
<context>
    <name>ToolRule</name>
    <message>
        <source>commands starting with “{value}”</source>
        <translation>「{value}」で始まるコマンド</translation>
    </message>
    <message>
        <source>files in the agent&apos;s workspace folder</source>
        <translation>エージェントのワークスペースフォルダー内のファイル</translation>
    </message>
    <message>
        <source>paths under “{value}”</source>
        <translation>「{value}」以下のパス</translation>
    </message>
    <message>
        <source>URLs on {value}</source>
        <translation>{value} 上の URL</translation>
    </message>
</context>
<context>
    <name>ToolRulesList</name>
    <message>
        <source>Argument rules</source>
        <translation>引数のルール</translation>
    </message>
    <message>
        <source>Allowed by rule</source>
        <translation>ルールによる許可</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Runs without asking for</source>
        <translation>確認なしで実行する対象</translation>
    </message>
    <message>
        <source>No rules. Choose “Always allow …” in an approval prompt to allow one tool only for calls like that one (a command prefix, a folder, a web domain).</source>
        <translation>ルールはありません。承認の確認で「常に許可 …」を選ぶと、同様の呼び出し（コマンドの先頭部分、フォルダー、Web ドメイン）に限ってツールを許可できます。</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>取り消す</translation>
    </message>
    <message>
        <source>Revoke rule: {tool} {rule}</source>
        <translation>ルールを取り消す：{tool} {rule}</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs for {rule}</source>
        <translation>{rule}で「{tool}」を実行する前に再度確認します</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>sign-in needed</source>
        <translation>サインインが必要</translation>
    </message>
    <message>
        <source>starting again — failed: {reason} (stderr: {said})</source>
        <translation>再起動中 — 失敗：{reason}（stderr: {said}）</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>起動中…</translation>
    </message>
    <message>
        <source>failed: {reason} (stderr: {said})</source>
        <translation>失敗：{reason}（stderr: {said}）</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>失敗：{reason}</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>not started yet</source>
        <translation>未起動</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Tools {ready}/{enabled}</source>
        <translation>ツール {ready}/{enabled}</translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>準備完了 · ツール %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>ツールサーバー</translation>
    </message>
    <message>
        <source>Tool servers: their state, logs and resources</source>
        <translation>ツールサーバー：状態、ログ、リソース</translation>
    </message>
    <message>
        <source>Tool servers menu</source>
        <translation>ツールサーバーのメニュー</translation>
    </message>
    <message>
        <source>Tool server {server}</source>
        <translation>ツールサーバー {server}</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>ログを表示</translation>
    </message>
    <message>
        <source>Browse resources…</source>
        <translation>リソースを参照…</translation>
    </message>
    <message>
        <source>No tool servers are set up</source>
        <translation>ツールサーバーは設定されていません</translation>
    </message>
    <message>
        <source>Running tasks…</source>
        <translation>実行中のタスク…</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Tool</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>判断</translation>
    </message>
    <message>
        <source>Remembered approvals</source>
        <translation>記憶された承認</translation>
    </message>
    <message>
        <source>No remembered decisions: every tool that changes things will ask.</source>
        <translation>記憶した判断はありません。変更を加えるツールはすべて確認します。</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>利用できるツール</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>プラグイン</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>常に許可</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>取り消す</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs</source>
        <translation>「{tool}」を実行する前に再度確認します</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Hide window</source>
        <translation>ウィンドウを隠す</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Show window</source>
        <translation>ウィンドウを表示</translation>
    </message>
    <message>
        <source>Answer ready</source>
        <translation>回答の準備ができました</translation>
    </message>
    <message>
        <source>Your chat has a new answer.</source>
        <translation>チャットに新しい回答があります。</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>incomplete</source>
        <translation>未完了</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <extracomment>How a request ended, from a provider&apos;s failure kind; anything else &quot;failed&quot;. How a request stopped before its end: the user&apos;s Stop (or Esc), or the app quitting. What the chat and the status bar call each ending.</extracomment>
        <translation>ユーザーが停止</translation>
    </message>
    <message>
        <source>stopped when the app quit</source>
        <translation>アプリの終了時に停止</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>connection cut</source>
        <translation>接続が切断されました</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>The model returned nothing.</source>
        <translation>モデルから何も返されませんでした。</translation>
    </message>
</context>
<context>
    <name>TurnOutcomePanel</name>
    <message>
        <source>How the last request ended</source>
        <translation>前回のリクエストの終了状況</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Send the last message again</source>
        <translation>最後のメッセージをもう一度送信します</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Show the technical details</source>
        <translation>技術的な詳細を表示</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>技術的な詳細</translation>
    </message>
    <message>
        <source>Timed out</source>
        <extracomment>The short bold line above the sentence, by how the request ended.</extracomment>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>Connection cut</source>
        <translation>接続が切断されました</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Empty answer</source>
        <translation>空の回答</translation>
    </message>
</context>
<context>
    <name>ViewHelper</name>
    <message>
        <source>this installation has no web engine for MCP App views (the Linux bundle leaves QtWebEngine out to stay small); the tool&apos;s text result is shown instead. To see views, install the Flatpak, or run Agent Desktop from a checkout with &apos;uv run agent-desktop&apos;</source>
        <translation>このインストールには MCP App ビュー用のウェブエンジンがありません（Linux バンドルはサイズを抑えるため QtWebEngine を含めていません）。代わりにツールのテキスト結果を表示します。ビューを表示するには、Flatpak をインストールするか、チェックアウトから「uv run agent-desktop」で Agent Desktop を実行してください</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>システムに合わせる(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>ハイコントラスト(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>View menu</source>
        <translation>表示メニュー</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Bigger text</source>
        <translation>文字を大きく(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>文字を小さく(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>実際のサイズ(&amp;A)</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>サイドバーを表示(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>ヘルプメニュー</translation>
    </message>
    <message>
        <source>&amp;About Agent Desktop</source>
        <translation>Agent Desktop について(&amp;A)</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome and setup</source>
        <translation>ようこそ・セットアップ</translation>
    </message>
    <message>
        <source>Welcome to Agent Desktop</source>
        <translation>Agent Desktop へようこそ</translation>
    </message>
    <message>
        <source>Connect a model to start chatting. A local server needs no key; a cloud provider&apos;s key is never written to a file.</source>
        <translation>モデルを接続するとチャットを始められます。ローカルサーバーならキーは不要です。クラウドプロバイダーのキーがファイルに書き込まれることはありません。</translation>
    </message>
    <message>
        <source>Local servers on this computer</source>
        <translation>このコンピューター上のローカルサーバー</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>検出されたローカルサーバー</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>ローカルサーバーを検索中…</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>再検索</translation>
    </message>
    <message>
        <source>Scan again for local servers</source>
        <translation>ローカルサーバーを再検索</translation>
    </message>
    <message>
        <source>Use this server</source>
        <translation>このサーバーを使う</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>選択したローカルサーバーを使う</translation>
    </message>
    <message>
        <source>Or use an API key</source>
        <translation>または API キーを使う</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>サーバーのアドレス</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>sk-…  or  ${env:OPENAI_API_KEY}</source>
        <translation>sk-…  または  ${env:OPENAI_API_KEY}</translation>
    </message>
    <message>
        <source>Checking where keys can be kept…</source>
        <translation>キーの保存先を確認中…</translation>
    </message>
    <message>
        <source>Where the key is kept</source>
        <translation>キーの保存先</translation>
    </message>
    <message>
        <source>Keep this key for this session only</source>
        <translation>このキーはこのセッションの間だけ保持する</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>保存の状態</translation>
    </message>
    <message>
        <source>Save and start</source>
        <translation>保存して開始</translation>
    </message>
    <message>
        <source>Save the API key and start</source>
        <translation>API キーを保存して開始</translation>
    </message>
    <message>
        <source>http://localhost:8000/v1</source>
        <translation>http://localhost:8000/v1</translation>
    </message>
    <message>
        <source>sk-…  or  ${{env:{variable}}}</source>
        <translation>sk-…  または  ${{env:{variable}}}</translation>
    </message>
    <message>
        <source>Optional: most local servers need none</source>
        <translation>任意：ほとんどのローカルサーバーでは不要です</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring. Or type ${env:VARIABLE} to read it from the environment instead.</source>
        <translation>キーはシステムのキーリングに保存されます。代わりに ${env:VARIABLE} と入力すると、環境変数から読み込みます。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>（モデル %n 個）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>%n 個見つかりました。</numerusform>
        </translation>
    </message>
    <message>
        <source>None found (Ollama, LM Studio, llama.cpp, vLLM).</source>
        <translation>見つかりませんでした（Ollama、LM Studio、llama.cpp、vLLM）。</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>先に API キーを入力してください。</translation>
    </message>
    <message>
        <source>Enter the server address, for example http://localhost:8000/v1.</source>
        <translation>サーバーのアドレスを入力してください（例：http://localhost:8000/v1）。</translation>
    </message>
    <message>
        <source>Enter a model in the Model field: a name the server lists, for example gpt-4o-mini or llama3.1.</source>
        <translation>「モデル」欄にモデルを入力してください。サーバーが一覧に示す名前です（例：gpt-4o-mini、llama3.1）。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>保存中…</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新しいチャット(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Import chat…</source>
        <translation>チャットをインポート(&amp;I)…</translation>
    </message>
    <message>
        <source>Import chats exported as JSON</source>
        <translation>JSON でエクスポートしたチャットをインポートします</translation>
    </message>
    <message>
        <source>&amp;Export all my data…</source>
        <translation>すべてのデータをエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Every chat, memory, project, skill and setting in one file</source>
        <translation>すべてのチャット、記憶、プロジェクト、スキル、設定を 1 つのファイルに</translation>
    </message>
    <message>
        <source>Import &amp;data…</source>
        <translation>データをインポート(&amp;D)…</translation>
    </message>
    <message>
        <source>Connect to an agent server…</source>
        <translation>エージェントサーバーに接続…</translation>
    </message>
    <message>
        <source>Go to &amp;approval</source>
        <translation>承認へ移動(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>セッション(&amp;S)</translation>
    </message>
    <message>
        <source>Session menu</source>
        <translation>セッションメニュー</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>名前を変更(&amp;R)…</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>名前を変更</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Markdown としてエクスポート(&amp;M)…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Markdown としてエクスポート</translation>
    </message>
    <message>
        <source>Export as &amp;JSON…</source>
        <translation>JSON としてエクスポート(&amp;J)…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>JSON としてエクスポート</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>削除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Chat &amp;instructions…</source>
        <translation>チャットの指示(&amp;I)…</translation>
    </message>
    <message>
        <source>What this chat tells the model first</source>
        <translation>このチャットで最初にモデルに伝える内容</translation>
    </message>
    <message>
        <source>Sc&amp;hedule this chat…</source>
        <translation>このチャットをスケジュール(&amp;H)…</translation>
    </message>
    <message>
        <source>Schedu&amp;les…</source>
        <translation>スケジュール一覧(&amp;L)…</translation>
    </message>
    <message>
        <source>Export this chat</source>
        <translation>このチャットをエクスポート</translation>
    </message>
</context>
<context>
    <name>WindowNotices</name>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
</context>
<context>
    <name>_AnswerColumn</name>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Answer of {model}</source>
        <translation>{model} の回答</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>書き込み中…</translation>
    </message>
    <message>
        <source>State of {model}</source>
        <translation>{model} の状態</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>失敗：{reason}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完了</translation>
    </message>
</context>
<context>
    <name>_Dialog</name>
    <message>
        <source>Server&apos;s question</source>
        <translation>サーバーからの質問</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>断る</translation>
    </message>
    <message>
        <source>Answer later: the tool is told the request was cancelled</source>
        <translation>後で回答する：ツールにはリクエストがキャンセルされたと伝えられます</translation>
    </message>
</context>
<context>
    <name>_KeyValueField</name>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Add to {label}</source>
        <translation>{label}に追加</translation>
    </message>
</context>
<context>
    <name>_KeyValueRow</name>
    <message>
        <source>NAME</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>{label} name</source>
        <translation>{label}の名前</translation>
    </message>
    <message>
        <source>{label} value</source>
        <translation>{label}の値</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>秘密</translation>
    </message>
    <message>
        <source>Keep the value in the system keyring, not in the config file</source>
        <translation>値を設定ファイルではなくシステムのキーリングに保存します</translation>
    </message>
    <message>
        <source>Remove from {label}</source>
        <translation>{label}から削除</translation>
    </message>
    <message>
        <source>•••••••• stored (type to replace)</source>
        <translation>•••••••• 保存済み（入力すると置き換え）</translation>
    </message>
    <message>
        <source>value, or ${env:VARIABLE}</source>
        <translation>値、または ${env:VARIABLE}</translation>
    </message>
</context>
<context>
    <name>_PathField</name>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
</context>
<context>
    <name>_SecretField</name>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove the stored secret from the system keyring</source>
        <translation>保存されている秘密情報をシステムのキーリングから削除します</translation>
    </message>
    <message>
        <source>•••• kept for this session only</source>
        <translation>•••• このセッションの間だけ保持</translation>
    </message>
    <message>
        <source>•••• stored in the system keyring</source>
        <translation>•••• システムのキーリングに保存済み</translation>
    </message>
</context>
<context>
    <name>_SelectField</name>
    <message>
        <source>{value} (not offered)</source>
        <translation>{value}（選択肢にありません）</translation>
    </message>
</context>
</TS>
