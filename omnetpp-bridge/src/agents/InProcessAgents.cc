#include "InProcessAgents.h"

#include "WindowRows.h"

#include <dlfcn.h>

#include <climits>
#include <cstdlib>

namespace cosim {

namespace {

constexpr const char* kEntry = "org/cosim/runner/omnetpp/InProcessAgents";
constexpr const char* kSession = "org/cosim/agents/wire/InProcessSession";

// libjvm.so of the Java home given, else of $JAVA_HOME, else of the JDK the bridge
// was built with: loaded once per process, and only for in-process agents.
struct Jvm {
    jint (*create)(JavaVM**, void**, void*) = nullptr;
    jint (*created)(JavaVM**, jsize, jsize*) = nullptr;
    std::string library;
};

const Jvm& loadJvm(const std::string& javaHome) {
    static Jvm jvm;
    if (jvm.create != nullptr) return jvm;
    std::string home = javaHome;
    if (home.empty() && std::getenv("JAVA_HOME") != nullptr) home = std::getenv("JAVA_HOME");
    if (home.empty()) home = COSIM_BUILD_JAVA_HOME;
    const std::string library = home + "/lib/server/libjvm.so";
    void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (handle == nullptr) {
        throw InProcessError("cannot load the JVM for the in-process agents from " + library + ": " + dlerror() +
                             " (set the bridge's jvmHome, or JAVA_HOME, to a Java 17+ installation)");
    }
    jvm.create = reinterpret_cast<jint (*)(JavaVM**, void**, void*)>(dlsym(handle, "JNI_CreateJavaVM"));
    jvm.created = reinterpret_cast<jint (*)(JavaVM**, jsize, jsize*)>(dlsym(handle, "JNI_GetCreatedJavaVMs"));
    if (jvm.create == nullptr || jvm.created == nullptr) {
        jvm.create = nullptr;
        throw InProcessError(library + " has no JNI invocation API (JNI_CreateJavaVM)");
    }
    jvm.library = library;
    return jvm;
}

// This process's JVM, started at the first call; JNIEnv of the calling thread.
JNIEnv* jvmFor(const InProcessOptions& options) {
    const Jvm& jvm = loadJvm(options.javaHome);
    JavaVM* vm = nullptr;
    jsize count = 0;
    if (jvm.created(&vm, 1, &count) == JNI_OK && count > 0) {
        JNIEnv* env = nullptr;
        if (vm->AttachCurrentThread(reinterpret_cast<void**>(&env), nullptr) != JNI_OK) {
            throw InProcessError("cannot attach to this process's JVM");
        }
        return env;
    }
    if (options.classPath.empty()) {
        throw InProcessError("no class path for the in-process agents: set the bridge's jvmClassPath to cosim's "
                             "jar (cli/target/cosim.jar)");
    }
    std::vector<std::string> texts = {"-Djava.class.path=" + options.classPath, "-Xrs"};
    texts.insert(texts.end(), options.jvmOptions.begin(), options.jvmOptions.end());
    std::vector<JavaVMOption> jvmOptions(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) {
        jvmOptions[i].optionString = const_cast<char*>(texts[i].c_str());
        jvmOptions[i].extraInfo = nullptr;
    }
    JavaVMInitArgs args;
    args.version = JNI_VERSION_10;
    args.nOptions = static_cast<jint>(jvmOptions.size());
    args.options = jvmOptions.data();
    args.ignoreUnrecognized = JNI_FALSE;
    JNIEnv* env = nullptr;
    const jint status = jvm.create(&vm, reinterpret_cast<void**>(&env), &args);
    if (status != JNI_OK) {
        std::string joined;
        for (size_t i = 1; i < texts.size(); ++i) joined += " " + texts[i];
        throw InProcessError("cannot start the JVM for the in-process agents (" + jvm.library +
                             ", JNI_CreateJavaVM: " + std::to_string(status) + "; options:" + joined + ")");
    }
    return env;
}

}  // namespace

InProcessAgents::InProcessAgents(const InProcessOptions& options) : env_(jvmFor(options)) {
    jclass entry = env_->FindClass(kEntry);
    jclass session = entry ? env_->FindClass(kSession) : nullptr;
    if (entry == nullptr || session == nullptr) {
        env_->ExceptionClear();
        throw InProcessError(std::string("the JVM does not find cosim's classes (") + (entry ? kSession : kEntry) +
                             ") on its class path " + options.classPath +
                             ": set the bridge's jvmClassPath to cosim's jar (cli/target/cosim.jar, built by "
                             "`mvn package`)");
    }
    entry_ = static_cast<jclass>(env_->NewGlobalRef(entry));
    session_class_ = static_cast<jclass>(env_->NewGlobalRef(session));
    env_->DeleteLocalRef(entry);
    env_->DeleteLocalRef(session);
    resolve_ = env_->GetStaticMethodID(entry_, "resolve", "([B)[B");
    open_ = env_->GetStaticMethodID(entry_, "open", "([B)Lorg/cosim/agents/wire/InProcessSession;");
    describe_ = env_->GetStaticMethodID(entry_, "describe", "(Ljava/lang/Throwable;)Ljava/lang/String;");
    window_ = env_->GetMethodID(session_class_, "window", "(Ljava/nio/ByteBuffer;I)I");
    answer_ = env_->GetMethodID(session_class_, "answer", "()Ljava/nio/ByteBuffer;");
    finish_ = env_->GetMethodID(session_class_, "finish", "([B)[B");
    if (!resolve_ || !open_ || !describe_ || !window_ || !answer_ || !finish_) {
        env_->ExceptionClear();
        throw InProcessError("cosim's classes on the JVM's class path " + options.classPath +
                             " are not those this bridge was built with: rebuild both");
    }
    growBatchBuffer(1 << 16);
}

InProcessAgents::~InProcessAgents() {
    for (jobject ref : {static_cast<jobject>(entry_), static_cast<jobject>(session_class_), session_, batch_buffer_}) {
        if (ref != nullptr) env_->DeleteGlobalRef(ref);
    }
}

void InProcessAgents::rethrow(const std::string& what) {
    jthrowable t = env_->ExceptionOccurred();
    env_->ExceptionClear();
    std::string words = "an exception the JVM could not describe";
    auto* text = static_cast<jstring>(env_->CallStaticObjectMethod(entry_, describe_, t));
    if (env_->ExceptionCheck()) {
        env_->ExceptionClear();
    } else if (text != nullptr) {
        const char* chars = env_->GetStringUTFChars(text, nullptr);
        if (chars != nullptr) {
            words = chars;
            env_->ReleaseStringUTFChars(text, chars);
        }
        env_->DeleteLocalRef(text);
    }
    env_->DeleteLocalRef(t);
    throw InProcessError(what + ": " + words);
}

jbyteArray InProcessAgents::bytes(const google::protobuf::Message& message, const char* what) {
    const std::string wire = message.SerializeAsString();
    jbyteArray array = env_->NewByteArray(static_cast<jsize>(wire.size()));
    if (array == nullptr) rethrow(std::string("passing ") + what + " to the JVM");
    env_->SetByteArrayRegion(array, 0, static_cast<jsize>(wire.size()), reinterpret_cast<const jbyte*>(wire.data()));
    return array;
}

std::string InProcessAgents::bytes(jbyteArray array) {
    const jsize n = env_->GetArrayLength(array);
    std::string out(static_cast<size_t>(n), '\0');
    env_->GetByteArrayRegion(array, 0, n, reinterpret_cast<jbyte*>(out.data()));
    env_->DeleteLocalRef(array);
    return out;
}

void InProcessAgents::growBatchBuffer(size_t bytes) {
    if (bytes <= batch_capacity_) return;
    const size_t capacity = std::max(bytes, 2 * batch_capacity_);
    if (capacity > static_cast<size_t>(INT_MAX)) throw InProcessError("a batch of more than 2 GB");
    std::unique_ptr<char[]> memory(new char[capacity]);
    jobject buffer = env_->NewDirectByteBuffer(memory.get(), static_cast<jlong>(capacity));
    if (buffer == nullptr) rethrow("sharing a batch buffer with the JVM");
    if (batch_buffer_ != nullptr) env_->DeleteGlobalRef(batch_buffer_);
    batch_buffer_ = env_->NewGlobalRef(buffer);
    env_->DeleteLocalRef(buffer);
    batch_ = std::move(memory);
    batch_capacity_ = capacity;
}

RunSpec InProcessAgents::resolve(const ResolveRequest& request) {
    jbyteArray in = bytes(request, "the ResolveRequest");
    auto* out = static_cast<jbyteArray>(env_->CallStaticObjectMethod(entry_, resolve_, in));
    env_->DeleteLocalRef(in);
    if (env_->ExceptionCheck()) rethrow("resolving the scenario");
    RunSpec spec;
    if (!spec.ParseFromString(bytes(out))) throw InProcessError("the in-process agents resolved an unreadable RunSpec");
    return spec;
}

int64_t InProcessAgents::open(const Hello& hello) {
    if (session_ != nullptr) throw InProcessError("a second Hello");
    checker_.emplace(hello);
    jbyteArray in = bytes(hello, "the Hello");
    jobject session = env_->CallStaticObjectMethod(entry_, open_, in);
    env_->DeleteLocalRef(in);
    if (env_->ExceptionCheck()) rethrow("opening the session");
    session_ = env_->NewGlobalRef(session);
    env_->DeleteLocalRef(session);
    return checker_->windowPs();
}

void InProcessAgents::submit(EventBatch& events) {
    if (session_ == nullptr) throw InProcessError("an EventBatch before the Hello");
    checker_->sent(events);
    const size_t size = rows::eventsSize(events);
    growBatchBuffer(size);
    rows::writeEvents(events, batch_.get());
    // Words for a failure only: no string per window.
    auto window = [&events] { return "the window at " + std::to_string(events.window_start_ps()) + " ps"; };
    const jint answered = env_->CallIntMethod(session_, window_, batch_buffer_, static_cast<jint>(size));
    if (env_->ExceptionCheck()) rethrow(window());
    jobject buffer = env_->CallObjectMethod(session_, answer_);
    if (env_->ExceptionCheck()) rethrow(window());
    const void* answer = env_->GetDirectBufferAddress(buffer);
    env_->DeleteLocalRef(buffer);
    std::unique_ptr<ActionBatch> actions;
    if (spare_.empty()) {
        actions = std::make_unique<ActionBatch>();
    } else {
        actions = std::move(spare_.back());
        spare_.pop_back();
    }
    if (answer == nullptr) {
        throw InProcessError(window() + ": the in-process agents' answer is not in a direct buffer");
    }
    try {
        rows::readActions(static_cast<const char*>(answer), static_cast<size_t>(answered), actions.get());
    } catch (const std::runtime_error& e) {
        throw InProcessError(window() + ": the in-process agents answered with unreadable rows: " + e.what());
    }
    checker_->check(events.window_start_ps(), *actions);
    answers_.push_back(std::move(actions));
}

const ActionBatch& InProcessAgents::collect() {
    if (answers_.empty()) throw InProcessError("collect() without a batch under way");
    if (current_) spare_.push_back(std::move(current_));
    current_ = std::move(answers_.front());
    answers_.pop_front();
    return *current_;
}

void InProcessAgents::finish(const FabricDone& done) {
    if (session_ == nullptr) throw InProcessError("FabricDone before the Hello");
    jbyteArray in = bytes(done, "FabricDone");
    auto* out = static_cast<jbyteArray>(env_->CallObjectMethod(session_, finish_, in));
    env_->DeleteLocalRef(in);
    if (env_->ExceptionCheck()) rethrow("ending the session");
    AgentResults results;
    if (!results.ParseFromString(bytes(out))) throw InProcessError("the in-process agents sent unreadable results");
    results_ = std::move(results);
}

}  // namespace cosim
